// `npm start` runs this first: builds when there is no build yet or when any source is newer than it.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const outputs = ["build/server/main.js", "build/server/index.js"];
const sources = ["app", "server", "shared", "public", "drizzle", "package.json", "vite.config.ts", "react-router.config.ts"];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const built = Math.min(...outputs.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
if (built === 0 || Math.max(...sources.map(newest)) > built) {
  console.log("Building the store (first start or sources changed)...");
  execSync("npm run build", { stdio: "inherit" });
}
