// What \`hydrateOnInteraction\` does once a form's code is here: the user's edits made in the
// server's HTML are handed back to the live form as events, and the caret put back. Loaded with the
// form's code, not with the page.

import { defaultIndex, type Control, type Snapshot } from "./hydrate-controls";

/**
 * Puts a changed control back to the server's value (a chosen file stays: a script cannot choose
 * it again). The form then hydrates over the HTML it rendered and hears the user's change as an
 * event (`replay`): a form library that reads its fields as they attach would otherwise find the
 * change without being told — react-hook-form marks such a field dirty but does not render, so the
 * form's state says "unchanged", the replayed event is no news, and a save sends nothing.
 */
export function restoreServerValue(control: Control) {
  if (control instanceof HTMLInputElement && control.type === "file") return;
  if (
    control instanceof HTMLInputElement &&
    (control.type === "checkbox" || control.type === "radio")
  )
    control.checked = control.defaultChecked;
  else if (control instanceof HTMLSelectElement && !control.multiple)
    control.selectedIndex = defaultIndex(control);
  else if (control instanceof HTMLSelectElement)
    for (const option of Array.from(control.options)) option.selected = option.defaultSelected;
  else control.value = control.defaultValue;
}

/** Gives the hydrated form what the user typed, as events its handlers hear. */
export function replay(changes: Snapshot) {
  for (const { control, value, checked } of changes) {
    if (!control.isConnected) continue;
    if (control instanceof HTMLInputElement && control.type === "file") {
      // A script cannot choose files, but the input still holds the ones chosen: say so again,
      // and the form's handler reads them from the input.
      if ((control.files?.length ?? 0) > 0)
        control.dispatchEvent(new Event("change", { bubbles: true }));
      continue;
    }
    if (
      control instanceof HTMLInputElement &&
      (control.type === "checkbox" || control.type === "radio")
    ) {
      // Through React's own setter first (its tracker then expects a change), then a real click: a
      // controlled radio's state learns the choice even when hydrating left the box as the user set it.
      // A radio that lost its check is replayed by the one that gained it.
      if (control.type === "radio" && !checked) continue;
      control.checked = !checked;
      control.click();
      continue;
    }
    if (control instanceof HTMLSelectElement) {
      // Hydrating may have put the server's choice back (or kept the user's while React's state
      // says otherwise): choose again and say so; React hears a select's every change event.
      control.value = value;
      control.dispatchEvent(new Event("change", { bubbles: true }));
      continue;
    }
    // React calls onChange only for a value its tracker has not seen, and it may have read this one
    // at hydration: show the tracker another value first (through React's own setter), then set
    // the user's behind its back so the event carries a change.
    if (control.value === value) control.value = value === "" ? " " : "";
    const proto = Object.getPrototypeOf(control) as object;
    Object.getOwnPropertyDescriptor(proto, "value")?.set?.call(control, value);
    control.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

export type Caret = {
  control: HTMLInputElement | HTMLTextAreaElement;
  value: string;
  start: number;
  end: number;
  direction: "forward" | "backward" | "none";
};

/** Where the caret (or the selection) is in the focused text field inside `root`, if any. */
export function readCaret(root: HTMLElement | null): Caret | null {
  if (!root) return null; // the server's render
  const control = document.activeElement;
  if (
    !root.contains(control) ||
    !(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) ||
    control.selectionStart === null ||
    control.selectionEnd === null
  )
    return null;
  return {
    control,
    value: control.value,
    start: control.selectionStart,
    end: control.selectionEnd,
    direction: control.selectionDirection ?? "none",
  };
}

/**
 * Puts the caret back where the user left it. Hydrating a <textarea> sets its `defaultValue`, which
 * collapses its selection to the start: a user who clicked into it (or selected all of it) as the
 * code arrived would type at the top, into the text they meant to replace. Only while the field
 * still has focus and the text is the same, so nothing the user did since is undone.
 */
export function restoreCaret(caret: Caret | null) {
  if (!caret || document.activeElement !== caret.control || caret.control.value !== caret.value)
    return;
  const { control, start, end, direction } = caret;
  if (control.selectionStart !== start || control.selectionEnd !== end)
    control.setSelectionRange(start, end, direction);
}
