"use client";

import { useSyncExternalStore } from "react";

// The console's theme is the `dark` class on <html> (components/shell/theme.ts sets it); the
// charts read it to pick their series colours and follow it when it changes.

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

const isDark = () => document.documentElement.classList.contains("dark");

/** Whether the page shows its dark theme now. */
export function useDarkTheme(): boolean {
  return useSyncExternalStore(subscribe, isDark, () => false);
}
