import type { IconNode } from "lucide";
import { createElement, type SVGProps } from "react";

export type { IconNode };

/**
 * One icon of the Lucide set, drawn from its data (`lucide` exports each icon as plain SVG nodes,
 * tree-shaken per icon): the SVG lucide-react draws, without its ≈ 1.5 kB component runtime on
 * every page. Decorative (`aria-hidden`); the control or text beside it carries the name.
 */
export function Icon({ icon, ...props }: { icon: IconNode } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      {...props}
    >
      {icon.map(([tag, attrs], i) => createElement(tag, { key: i, ...attrs }))}
    </svg>
  );
}
