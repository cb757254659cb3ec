"use client";

import { createContext, useContext, type ReactNode } from "react";

/**
 * Hosted models' names by slug, handed down by the playground's server layout as plain data: the
 * catalogue itself (lib/models) is built from zod schemas and stays out of pages that only name a
 * model (run history, compare).
 */
const ModelNames = createContext<Readonly<Record<string, string>>>({});

export function ModelNamesProvider({
  names,
  children,
}: {
  names: Readonly<Record<string, string>>;
  children: ReactNode;
}) {
  return <ModelNames.Provider value={names}>{children}</ModelNames.Provider>;
}

/** The name of the hosted model `slug`; undefined for a slug the catalogue does not have. */
export function useModelName(): (slug: string) => string | undefined {
  const names = useContext(ModelNames);
  return (slug) => (Object.hasOwn(names, slug) ? names[slug] : undefined);
}
