import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

// The runtimes' I/O that core must reach only through its ports (its imports: .dependency-cruiser.cjs).
const IO_GLOBALS = [
  "Deno", "process", "Buffer", "require", "fetch", "XMLHttpRequest", "WebSocket",
  "document", "navigator", "localStorage", "sessionStorage", "indexedDB",
];

// Lints the two web apps, and core's use of I/O globals; `deno lint` lints core, adapters and api.
export default defineConfig([
  globalIgnores([
    "**/dist/**",
    "**/dist-ssr/**",
    "**/node_modules/**",
    "**/test-results/**",
    "**/coverage/**",
    "bench/out/**",
    "data/**",
  ]),
  {
    files: ["web-public/src/**/*.{ts,tsx}", "web-admin/src/**/*.{ts,tsx}"],
    extends: [js.configs.recommended, tseslint.configs.recommended, reactHooks.configs.flat.recommended],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      // A missing dependency is a stale-value bug, so it fails `npm test` like any other error.
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Tests and their helpers also run under Node (vitest) and use its globals.
    files: [
      "web-public/src/**/*.test.{ts,tsx}",
      "web-admin/src/**/*.test.{ts,tsx}",
      "web-public/src/test/**",
      "web-admin/src/test/**",
      "web-public/src/**/*.test-helper.{ts,tsx}",
    ],
    languageOptions: { globals: { ...globals.node, ...globals.vitest } },
  },
  {
    files: ["core/**/*.ts"],
    ignores: ["core/**/*.test.ts", "core/**/test-fixtures.ts"],
    languageOptions: { parser: tseslint.parser },
    rules: {
      "no-restricted-globals": [
        "error",
        ...IO_GLOBALS.map((name) => ({ name, message: "core does no I/O: reach the outside world through a port." })),
      ],
    },
  },
]);
