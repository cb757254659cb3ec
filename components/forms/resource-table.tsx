import Link from "next/link";
import type { ReactNode } from "react";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";

export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  className?: string;
}

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
  return (
    <Table>
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
              <Td key={i} className={c.className}>
                {c.cell(row)}
              </Td>
            ))}
            {actions && <Td className="space-x-2 text-right whitespace-nowrap">{actions(row)}</Td>}
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
