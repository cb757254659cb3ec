import Link from "next/link";
import type { ReactNode } from "react";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";

export interface Column<T> {
  header: ReactNode;
  /** The header as words, for the phone layout's "label: value" lines (a string header is used as is). */
  label?: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

// Below 640 px the same table lays out as a list: each row a block, each cell a line with its
// column's name in front (from data-label), so nothing scrolls sideways and the columns stay
// defined once.
const PHONE_LIST = [
  "max-sm:block max-sm:[&_thead]:hidden max-sm:[&_tbody]:block max-sm:[&_tr]:block max-sm:[&_tr]:py-2",
  "max-sm:[&_td]:flex max-sm:[&_td]:items-baseline max-sm:[&_td]:justify-between max-sm:[&_td]:gap-4 max-sm:[&_td]:py-1",
  "max-sm:[&_td]:before:shrink-0 max-sm:[&_td]:before:text-xs max-sm:[&_td]:before:font-sans max-sm:[&_td]:before:font-medium max-sm:[&_td]:before:text-neutral-600 max-sm:[&_td]:before:content-[attr(data-label)] dark:max-sm:[&_td]:before:text-neutral-400",
].join(" ");

/** A list of resources: one row each, the columns given, and a last column of row actions. */
export function ResourceTable<T extends { id: string }>({
  caption,
  columns,
  rows,
  actions,
}: {
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  actions?: (row: T) => ReactNode;
}) {
  const labels = columns.map((c) => c.label ?? (typeof c.header === "string" ? c.header : ""));
  return (
    <Table className={PHONE_LIST}>
      <caption className="sr-only">{caption}</caption>
      <THead>
        <tr>
          {columns.map((c, i) => (
            <Th key={i}>{c.header}</Th>
          ))}
          {actions && (
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          )}
        </tr>
      </THead>
      <TBody>
        {rows.map((row) => (
          <Tr key={row.id}>
            {columns.map((c, i) => (
              <Td key={i} className={c.className} data-label={labels[i]}>
                <div className="min-w-0 max-sm:text-right">{c.cell(row)}</div>
              </Td>
            ))}
            {actions && (
              <Td className="space-x-2 text-right whitespace-nowrap max-sm:justify-end">
                {actions(row)}
              </Td>
            )}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

/** A resource's name (a link to its page when it has one) above its monospace id. */
export function NameCell({ name, id, href }: { name: string; id: string; href?: string }) {
  return (
    <>
      {href ? (
        <Link
          href={href}
          className="font-medium text-violet-700 hover:underline dark:text-violet-300"
        >
          {name}
        </Link>
      ) : (
        <div className="font-medium">{name}</div>
      )}
      <div className="font-mono text-xs text-neutral-600 dark:text-neutral-400">{id}</div>
    </>
  );
}
