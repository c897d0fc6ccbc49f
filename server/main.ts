import { existsSync } from "node:fs";
import cluster from "node:cluster";
import { join } from "node:path";
import { loadConfig } from "./config";
import { createLogger } from "./logger";
import { projectRoot } from "./paths";
import { runStore } from "./run-store";
import { describeRuntime } from "./runtime";

const envFile = join(projectRoot, ".env");
if (existsSync(envFile)) process.loadEnvFile(envFile);

const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL);
if (cluster.isPrimary) {
  const runtime = describeRuntime();
  if (runtime.pinnedMajor) logger.info(runtime, `running on Node ${runtime.node}`);
  else logger.warn(runtime, `running on Node ${runtime.node}, not the pinned ${runtime.pinned}: start the store with npm start`);
}
await runStore({ config, logger });
