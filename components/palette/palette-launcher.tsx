"use client";

import { Search } from "lucide";
import { Icon } from "@/components/ui/icon";
import { useRouter } from "next/navigation";
import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { GO_TO_SHORTCUTS, isTypingTarget } from "./shortcuts";

// The palette's code (its lists, matching, icons) and the `?` overlay (with the dialog) load on
// first open, not with the page.
const loadPalette = () => import("./command-palette");
const CommandPalette = lazy(() => loadPalette().then((m) => ({ default: m.CommandPalette })));
const ShortcutsOverlay = lazy(() =>
  import("./shortcuts-overlay").then((m) => ({ default: m.ShortcutsOverlay })),
);

const noSubscription = () => () => undefined;
const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/**
 * The top bar's "Search" button and the console's keyboard shortcuts: ⌘K / Ctrl+K opens the
 * command palette from anywhere, `?` the shortcuts overlay and `g` + a letter goes to a section
 * (both only outside text fields, and not while a dialog is open).
 */
export function PaletteLauncher() {
  const router = useRouter();
  const [palette, setPalette] = useState(false);
  const [overlay, setOverlay] = useState(false);
  const pendingG = useRef(false);
  const mac = useSyncExternalStore(noSubscription, isMac, () => false);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing) return;
      if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === "k") {
        event.preventDefault();
        // Inside another dialog the shortcut stays that dialog's: a modal cannot stack on it.
        if (!document.querySelector("dialog[open]")) setPalette(true);
        return;
      }
      if (event.metaKey || event.ctrlKey || event.altKey) return;
      if (isTypingTarget(event.target) || document.querySelector("dialog[open]")) {
        pendingG.current = false;
        return;
      }
      if (pendingG.current) {
        pendingG.current = false;
        const target = GO_TO_SHORTCUTS.find((s) => s.key === event.key.toLowerCase());
        if (target) {
          event.preventDefault();
          router.push(target.href);
          return;
        }
      }
      if (event.key === "?") {
        event.preventDefault();
        setOverlay(true);
      } else if (event.key === "g") {
        pendingG.current = true;
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [router]);

  return (
    <>
      <button
        type="button"
        onClick={() => setPalette(true)}
        // Warm the palette's chunk when the pointer or focus comes near the button.
        onPointerEnter={() => void loadPalette()}
        onFocus={() => void loadPalette()}
        aria-keyshortcuts="Control+K Meta+K"
        className="mr-auto inline-flex h-8 w-64 items-center gap-2 rounded-md border border-neutral-300 bg-white px-2.5 text-sm text-neutral-600 hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-400 dark:hover:bg-neutral-800"
      >
        <Icon icon={Search} className="size-4" />
        <span>Search or run a command</span>
        <kbd className="ml-auto rounded border border-neutral-300 px-1 font-sans text-xs dark:border-neutral-700">
          <span className="sr-only">shortcut </span>
          {mac ? "⌘K" : "Ctrl K"}
        </kbd>
      </button>
      {palette && (
        <Suspense fallback={null}>
          <CommandPalette onClose={() => setPalette(false)} />
        </Suspense>
      )}
      {overlay && (
        <Suspense fallback={null}>
          <ShortcutsOverlay open onClose={() => setOverlay(false)} />
        </Suspense>
      )}
    </>
  );
}
