import js from "@eslint/js";
import tseslint from "typescript-eslint";
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";

// Dependency direction (docs/architecture.md):
// app -> components -> lib/queries -> lib/actions -> lib/cloud -> lib/schemas.
// lib/platform could become its own package: it imports only lib/schemas, lib/models and libraries.
const restrict = (patterns) => ({
  "no-restricted-imports": ["error", { patterns }],
});
const NOT_FROM_PLATFORM = [
  {
    group: [
      "@/app/*",
      "@/components/*",
      "@/lib/actions/*",
      "@/lib/queries/*",
      "@/lib/cloud/*",
      "@/lib/auth/*",
      "@/lib/codegen/*",
    ],
    message: "lib/platform imports only lib/schemas, lib/models, lib/media and libraries.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      ".next-*/**",
      ".data/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "@next/next": nextPlugin, "react-hooks": reactHooks },
    rules: {
      ...nextPlugin.configs.recommended.rules,
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["lib/schemas/**"],
    rules: restrict([
      {
        group: ["@/*", "../*"],
        message: "lib/schemas is the contract: it imports nothing of ours.",
      },
    ]),
  },
  { files: ["lib/platform/**", "lib/worker/**"], rules: restrict(NOT_FROM_PLATFORM) },
  {
    // The job engine does not know developer tools exist: they hook in through jobs/engine/hooks.ts.
    files: ["lib/platform/jobs/**"],
    rules: restrict([
      ...NOT_FROM_PLATFORM,
      {
        group: [
          "**/platform/devtools",
          "**/platform/devtools/**",
          "**/../devtools",
          "**/../devtools/**",
        ],
        message:
          "lib/platform/jobs never imports lib/platform/devtools: add an engine hook instead.",
      },
    ]),
  },
  {
    files: ["lib/**"],
    ignores: ["lib/platform/**", "lib/schemas/**", "lib/worker/**"],
    rules: restrict([
      { group: ["@/components/*", "@/app/*"], message: "lib never imports components or app." },
      {
        group: ["@/lib/platform/*"],
        message: "The console reaches the platform only over HTTP through lib/cloud.",
      },
    ]),
  },
  {
    files: ["components/ui/**"],
    rules: restrict([
      {
        group: ["@/components/*", "!@/components/ui/*"],
        message: "components/ui holds primitives and imports no feature code.",
      },
      {
        group: ["@/lib/platform/*", "@/lib/cloud/*", "@/lib/actions/*"],
        message: "UI primitives do not talk to the platform.",
      },
    ]),
  },
  {
    files: ["components/**", "app/**"],
    ignores: ["components/ui/**"],
    rules: restrict([
      {
        group: ["@/lib/platform/*"],
        message: "The console reaches the platform only over HTTP through lib/cloud.",
      },
    ]),
  },
  {
    files: ["components/**"],
    rules: {
      "no-restricted-globals": [
        "error",
        {
          name: "fetch",
          message: "Components never call fetch: use lib/queries hooks or server actions.",
        },
      ],
    },
  },
  {
    files: ["scripts/**/*.mjs", "*.mjs"],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        URL: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        fetch: "readonly",
      },
    },
  },
);
