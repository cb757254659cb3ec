// The form fields' state in server-rendered HTML that has not hydrated yet: what the user changed
// there. Read at page load by `hydrateOnInteraction` (a change made before its code ran asks for the
// form's code at once) and again as the form hydrates.

export type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
export type Snapshot = { control: Control; value: string; checked: boolean }[];

/**
 * The option a single-choice select shows before anyone chooses: the last one marked `selected` in
 * the HTML, or else the first that can be chosen (what the browser shows for a select without a
 * default, such as one whose form leaves the field empty until chosen).
 */
export function defaultIndex(select: HTMLSelectElement): number {
  const options = Array.from(select.options);
  const marked = options.findLastIndex((o) => o.defaultSelected);
  return marked !== -1 ? marked : options.findIndex((o) => !o.disabled);
}

const selectChanged = (select: HTMLSelectElement) =>
  select.multiple
    ? Array.from(select.options).some((o) => o.selected !== o.defaultSelected)
    : select.selectedIndex !== defaultIndex(select);

/** Values and checks the user changed in the server's HTML before the code arrived. */
export function snapshot(root: HTMLElement | null): Snapshot {
  if (!root) return [];
  return Array.from(root.querySelectorAll<Control>("input, select, textarea"))
    .filter((control) =>
      control instanceof HTMLInputElement &&
      (control.type === "checkbox" || control.type === "radio")
        ? control.checked !== control.defaultChecked
        : control instanceof HTMLSelectElement
          ? selectChanged(control)
          : control instanceof HTMLInputElement && control.type === "file"
            ? (control.files?.length ?? 0) > 0
            : control.value !== control.defaultValue,
    )
    .map((control) => ({
      control,
      value: control.value,
      checked: control instanceof HTMLInputElement && control.checked,
    }));
}
