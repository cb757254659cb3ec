export const TEMPLATE_TABS = [
  { id: "own", label: "My templates" },
  { id: "public", label: "Public" },
] as const;
export type TemplateTab = (typeof TEMPLATE_TABS)[number]["id"];

/** `?tab=` → a known tab; anything else is "own". */
export function templateTab(value: string | string[] | undefined): TemplateTab {
  return value === "public" ? "public" : "own";
}
