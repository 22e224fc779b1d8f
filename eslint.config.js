// @ts-check
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: ["node_modules", "data", "coverage", ".tmp", "src/web/app/api/schema.gen.ts", "extension/dist"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["src/web/app/**/*.{js,ts,tsx}", "src/web/sw/**/*.ts", "extension/src/**/*.ts"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Tests poke at JSON responses; typing every body would add noise, not safety.
    files: ["**/*.test.ts", "test/**/*.ts", "bench/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
