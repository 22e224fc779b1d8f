// @ts-check
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";
import ladle from "./lint/noUntranslatedText.js";

/** Repositories are built in family factories only (see the rule below). */
const NEW_REPO = {
  selector: "NewExpression[callee.name=/Repo$/]",
  message:
    "Build repositories in the family's factory (src/services/<family>/index.ts) and hand them to the use case; in a transaction use repo.withDb(trx).",
};

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
    // A family's factory (src/services/<family>/index.ts) is the one place its repositories are
    // built; a use case gets them handed in, and takes `repo.withDb(trx)` inside a transaction.
    files: ["src/**/*.ts"],
    ignores: ["src/storage/**", "src/services/*/index.ts", "**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", NEW_REPO] },
  },
  {
    // defineRoute applies a route's declared request schemas and hands the handler what they let
    // through (c.req.valid); a parse the schemas cannot express lives in a named helper beside it.
    files: ["src/api/**/*.routes.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name=/^safeParse(Async)?$/]",
          message:
            "Declare the schema on the route (defineRoute applies it; read c.req.valid(...)), or parse in a named helper outside the routes file.",
        },
        {
          selector: "CallExpression[callee.name='readJson']",
          message:
            "Declare the JSON body on the route: defineRoute reads and checks it (c.req.valid('json')).",
        },
        NEW_REPO,
      ],
    },
  },
  {
    // A source file says one thing: past 500 lines it is two files (generated files and tests aside).
    files: ["src/**/*.{ts,tsx}", "bin/**/*.js"],
    ignores: ["**/*.test.ts", "**/*.gen.ts"],
    rules: { "max-lines": ["error", { max: 500 }] },
  },
  {
    // Every word of the web app comes from the catalogues (src/web/app/i18n): a literal with letters
    // where a person reads or hears it fails the lint.
    files: ["src/web/app/**/*.{ts,tsx}"],
    plugins: { ladle },
    rules: { "ladle/no-untranslated-text": "error" },
  },
  {
    // Tests poke at JSON responses; typing every body would add noise, not safety.
    files: ["**/*.test.ts", "test/**/*.ts", "bench/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
