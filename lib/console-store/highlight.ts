import { createHighlighter, createJavaScriptRegexEngine, type Highlighter } from "shiki";
import type { ShikiLang } from "@/lib/codegen";
import { assertServer } from "@/lib/cloud/server-only";

assertServer("lib/console-store/highlight");

let highlighter: Promise<Highlighter> | undefined;

/**
 * Code as HTML with both themes' colours as CSS variables (`--shiki-light`, `--shiki-dark`); the
 * page picks one with the `dark` class. The JavaScript regex engine needs no WebAssembly.
 */
export async function highlight(code: string, lang: ShikiLang): Promise<string> {
  highlighter ??= createHighlighter({
    themes: ["github-light", "github-dark"],
    langs: ["bash", "python", "javascript", "typescript"],
    engine: createJavaScriptRegexEngine(),
  });
  const h = await highlighter;
  return h.codeToHtml(code, {
    lang,
    themes: { light: "github-light", dark: "github-dark" },
    defaultColor: false,
  });
}
