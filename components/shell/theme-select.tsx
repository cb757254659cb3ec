"use client";

import { useId, useSyncExternalStore } from "react";
import { Select } from "@/components/ui/select";
import { applyTheme, readThemeChoice, THEME_EVENT, type ThemeChoice } from "./theme";

function subscribe(onChange: () => void) {
  window.addEventListener(THEME_EVENT, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(THEME_EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
}

const noSubscription = () => () => undefined;

/**
 * System / Light / Dark. "System" follows prefers-color-scheme, also when it changes later.
 * Disabled until hydrated: a choice made before React attached its handler would be reset.
 */
export function ThemeSelect() {
  const id = useId();
  const choice = useSyncExternalStore(subscribe, readThemeChoice, () => "system" as ThemeChoice);
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-neutral-600 dark:text-neutral-400">
        Theme
      </label>
      <Select
        id={id}
        value={choice}
        disabled={!hydrated}
        onChange={(e) => applyTheme(e.target.value as ThemeChoice)}
        className="h-8! w-28"
        options={[
          { value: "system", label: "System" },
          { value: "light", label: "Light" },
          { value: "dark", label: "Dark" },
        ]}
      />
    </div>
  );
}
