"use client";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { GO_TO_SHORTCUTS } from "./shortcuts";

/**
 * Every keyboard shortcut of the console, as the overlay lists them. Here rather than in
 * ./shortcuts: only the overlay, loaded when opened, needs the list.
 */
const SHORTCUT_GROUPS: readonly {
  title: string;
  shortcuts: readonly { keys: readonly string[]; does: string }[];
}[] = [
  {
    title: "Anywhere",
    shortcuts: [
      { keys: ["Ctrl", "K"], does: "Open the command palette (⌘ K on a Mac)" },
      { keys: ["?"], does: "Show these keyboard shortcuts" },
    ],
  },
  {
    title: "In the command palette",
    shortcuts: [
      { keys: ["↑", "↓"], does: "Move through the results" },
      { keys: ["Home", "End"], does: "First or last result" },
      { keys: ["Enter"], does: "Run the highlighted result" },
      { keys: ["Esc"], does: "Close, back to where you were" },
    ],
  },
  {
    title: "Go to (press g, then the letter)",
    shortcuts: GO_TO_SHORTCUTS.map((s) => ({ keys: ["g", s.key], does: s.label })),
  },
];

const kbd =
  "inline-flex min-w-6 justify-center rounded border border-neutral-300 bg-neutral-50 px-1.5 font-mono text-xs dark:border-neutral-700 dark:bg-neutral-800";

/** The `?` overlay: every keyboard shortcut the console has, and nothing it does not. */
export function ShortcutsOverlay({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Keyboard shortcuts"
      description="Single-key shortcuts work when the focus is not in a text field."
    >
      <div className="space-y-4">
        {SHORTCUT_GROUPS.map((group) => (
          <section key={group.title} aria-label={group.title}>
            <h3 className="text-sm font-semibold">{group.title}</h3>
            <dl className="mt-1 space-y-1 text-sm">
              {group.shortcuts.map((shortcut) => (
                <div key={shortcut.does} className="flex items-center justify-between gap-4">
                  <dt className="text-neutral-700 dark:text-neutral-300">{shortcut.does}</dt>
                  <dd className="flex shrink-0 gap-1">
                    {shortcut.keys.map((key) => (
                      <kbd key={key} className={kbd}>
                        {key}
                      </kbd>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
