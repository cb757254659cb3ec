import { notFound } from "next/navigation";

/**
 * Any URL no console page claims: answered by `(console)/not-found.tsx`, inside the console's
 * layout (navigation, environment band), instead of the framework's bare 404 outside it.
 */
export default function MissingPage(): never {
  notFound();
}
