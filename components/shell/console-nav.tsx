import { Icon } from "@/components/ui/icon";
import { DEVTOOLS_NAV_ITEMS, NAV_ITEMS } from "./nav-items";
import { NavLink } from "./nav-link";

/**
 * The console's navigation. A server component: the icons are rendered here, so their code never
 * reaches the browser; only each link's "am I current" check (NavLink) is client code.
 */
export function ConsoleNav({ devtools = false }: { devtools?: boolean }) {
  return (
    <nav aria-label="Console" className="flex-1 px-2 py-3">
      <NavList items={NAV_ITEMS} />
      {devtools && (
        <>
          <h2
            id="devtools-nav-heading"
            className="mt-5 mb-1 px-3 text-xs font-semibold tracking-wide text-neutral-500 uppercase dark:text-neutral-400"
          >
            Local platform tools
          </h2>
          <NavList items={DEVTOOLS_NAV_ITEMS} labelledBy="devtools-nav-heading" />
        </>
      )}
    </nav>
  );
}

function NavList({
  items,
  labelledBy,
}: {
  items: readonly (typeof NAV_ITEMS | typeof DEVTOOLS_NAV_ITEMS)[number][];
  labelledBy?: string;
}) {
  return (
    <ul className="space-y-0.5" aria-labelledby={labelledBy}>
      {items.map(({ href, label, icon }) => (
        <li key={href}>
          <NavLink href={href}>
            <Icon icon={icon} className="size-4 shrink-0" />
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
