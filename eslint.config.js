import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "node_modules/", ".react-router/", "data/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-namespace": "off",
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    // shared/ holds the pure modules the UI and the server both use: it imports from neither.
    files: ["shared/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: "(^|/)(app|server)/|^~/", message: "shared/ imports nothing from app/ or server/." }] }],
    },
  },
  {
    // The server shares code with the UI only through shared/.
    files: ["server/**/*.{ts,tsx}", "scripts/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: "(^|/)app/|^~/", message: "server/ imports nothing from app/: move pure code both need to shared/." }] }],
    },
  },
  {
    // DESIGN §1: server/db/ holds the schema, the client and the migrations, and knows no business rule. It imports
    // only itself, shared/, the paths and the config (and, in its tests, the test kit); seeding is server/seed/.
    files: ["server/db/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "(^|/)app/|^~/", message: "server/ imports nothing from app/: move pure code both need to shared/." },
            { regex: "^\\.\\./(?!(paths|config|errors)$|test/|\\.\\./shared/)", message: "server/db/ knows no domain: it imports only itself, shared/, ../paths, ../config, ../errors and the test kit. Seeding lives in server/seed/." },
          ],
        },
      ],
    },
  },
  {
    // DESIGN §5 (issue 35): a payment provider reports what happened as events; the order rules are server/orders/'s.
    files: ["server/payments/**/*.ts"],
    ignores: ["server/payments/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "(^|/)app/|^~/", message: "server/ imports nothing from app/: move pure code both need to shared/." },
            { regex: "^\\.\\./orders/", message: "A payment provider knows no order rule: it reports events to the handler in server/orders/ (types only here).", allowTypeImports: true },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.ts"],
    rules: {
      // DESIGN §1: route modules reach the server through the load context and import only its types.
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              // Types from anywhere in server/; values only from its browser-safe zod schemas (*-schemas) or plain
              // option lists (*-choices, no zod: cheaper for the browser).
              regex: "(^|/)server/(?!.*-(schemas|choices)$)",
              message: "Import only types (or a *-schemas or *-choices module) from server/ in app code.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.test.ts", "server/test/**/*.ts", "e2e/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["scripts/**/*.mjs", "*.config.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", fetch: "readonly", setTimeout: "readonly" } },
  },
);
