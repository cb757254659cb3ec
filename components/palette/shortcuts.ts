/** Go-to shortcuts: `g` then a letter, when focus is not in a text field. */
export const GO_TO_SHORTCUTS = [
  { key: "s", href: "/serverless", label: "Serverless" },
  { key: "p", href: "/pods", label: "Pods" },
  { key: "c", href: "/clusters", label: "Clusters" },
  { key: "v", href: "/storage", label: "Storage (network volumes)" },
  { key: "t", href: "/templates", label: "Templates" },
  { key: "m", href: "/playground", label: "Playground (models)" },
  { key: "k", href: "/keys", label: "API keys" },
  { key: "a", href: "/account", label: "Account" },
  { key: "b", href: "/billing", label: "Billing" },
] as const;

/**
 * Whether a key press belongs to the field it happened in: single-key shortcuts stay out of
 * text inputs, text areas, selects and editable content.
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !["button", "checkbox", "radio", "submit", "reset", "range", "color", "file"].includes(
      target.type,
    );
  }
  return false;
}
