// `npm start` runs this first: builds when there is no build yet or when any source is newer than it.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";

const outputs = ["build/server/main.js", "build/server/index.js"];
const sources = ["app", "server", "shared", "public", "drizzle", "package.json", "vite.config.ts", "react-router.config.ts"];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const stale = () => {
  const built = Math.min(...outputs.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
  return built === 0 || Math.max(...sources.map(newest)) > built;
};

if (stale()) {
  if (process.env.VSOP_BUILD_LOCKED) {
    console.log("Building the store (first start or sources changed)...");
    execSync("npm run build", { stdio: "inherit" });
  } else {
    // One build at a time: two test runs (or a run and `npm start`) starting together would write build/ at once.
    // This script runs again under flock, after the other's build, and builds only if the sources are still newer.
    const lock = join(tmpdir(), "vsop-store-build.lock");
    execSync(`flock ${JSON.stringify(lock)} ${JSON.stringify(process.execPath)} scripts/ensure-build.mjs`, { stdio: "inherit", env: { ...process.env, VSOP_BUILD_LOCKED: "1" } });
  }
}
