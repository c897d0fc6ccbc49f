import { readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "./paths";

/**
 * The store ships its own Node.js: package.json pins the `node` package, whose binary npm puts first on the PATH of
 * every `npm start`, `npm test` and `npm run` script. The machine's own Node only runs npm.
 */
export function pinnedNodeVersion(root = projectRoot): string | null {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { dependencies?: Record<string, string> };
  return manifest.dependencies?.node ?? null;
}

export interface Runtime {
  node: string;
  pinned: string | null;
  /** Same major version as the pinned Node (a patch release apart is fine; another major is not what was tested). */
  pinnedMajor: boolean;
}

export function describeRuntime(version = process.versions.node, pinned = pinnedNodeVersion()): Runtime {
  const major = (v: string) => v.split(".")[0];
  return { node: version, pinned, pinnedMajor: pinned !== null && major(version) === major(pinned) };
}
