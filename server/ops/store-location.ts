import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Config, loadConfig } from "../config";
import { projectRoot } from "../paths";
import type { StoreLocation } from "./backup";

/** The store the command-line tools act on: the same .env and variables `npm start` reads. */
export function storeFromEnvironment(): { config: Config; location: StoreLocation } {
  const envFile = join(projectRoot, ".env");
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig();
  const dataDir = resolve(config.DATA_DIR);
  return { config, location: { url: config.DATABASE_URL, dataDir, mediaDir: resolve(config.MEDIA_DIR ?? join(dataDir, "media")) } };
}
