// Bundles the Express server (server/main.ts and everything it imports) into build/server/main.js.
// Packages stay external: they are loaded from node_modules at run time.
import { build } from "esbuild";

await build({
  entryPoints: ["server/main.ts"],
  outfile: "build/server/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  // The emails (server/mail/*.tsx) are React components: the automatic runtime, as tsconfig's "react-jsx".
  jsx: "automatic",
  sourcemap: true,
  logLevel: "warning",
});
// The embedded database's thread (decision 0042) is its own file, beside main.js.
await build({
  entryPoints: ["server/db/pglite-worker.ts"],
  outfile: "build/server/pglite-worker.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log("Built build/server/main.js and build/server/pglite-worker.js");
