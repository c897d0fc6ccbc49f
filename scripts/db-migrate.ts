// Applies the migrations: npm run db:migrate. A running store applied them when it started, so beside a running PGlite
// store it refuses (decision 0036).
import { openToolDatabase, parseToolArgs, runTool, toolConfig } from "./cli-kit";

await runTool(async () => {
  parseToolArgs({ options: {} }, "npm run db:migrate");
  const { config, dataDir } = toolConfig();
  const handle = await openToolDatabase({ config, dataDir, instead: "restart it: a store applies the migrations when it starts" });
  await handle.close();
  console.log("Migrations applied.");
});
