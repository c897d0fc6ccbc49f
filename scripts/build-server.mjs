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
// The embedded database's thread (decision 0042) and the mail thread (decision 0045) are files of their own, beside main.js.
await build({
  entryPoints: { "pglite-worker": "server/db/pglite-worker.ts", "mail-worker": "server/mail/mail-worker.ts" },
  outdir: "build/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log("Built build/server/main.js, build/server/pglite-worker.js and build/server/mail-worker.js");
