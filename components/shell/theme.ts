/**
 * Theme choice lives in localStorage; the `dark` class on <html> is what Tailwind reads. The
 * inline THEME_SCRIPT applies it before first paint (no flash), ThemeSelect changes it later.
 */
export type ThemeChoice = "system" | "light" | "dark";
export const THEME_STORAGE_KEY = "hangar-theme";
export const THEME_EVENT = "hangar-theme-change";

export function readThemeChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return stored === "light" || stored === "dark" ? stored : "system";
  } catch {
    return "system";
  }
}

export function applyTheme(choice: ThemeChoice): void {
  try {
    if (choice === "system") localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  const dark =
    choice === "dark" ||
    (choice === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
  window.dispatchEvent(new Event(THEME_EVENT));
}

/** Runs in <head> before the body paints; also follows system changes while the choice is "system". */
export const THEME_SCRIPT = `(function(){try{var k=${JSON.stringify(THEME_STORAGE_KEY)};var m=matchMedia("(prefers-color-scheme: dark)");function a(){var s=localStorage.getItem(k);var d=s==="dark"||(s!=="light"&&m.matches);document.documentElement.classList.toggle("dark",d);}a();m.addEventListener("change",a);}catch(e){}})();`;
