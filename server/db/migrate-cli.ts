import { loadConfig } from "../config";
import { openDatabase } from "./client";
import { migrateDatabase } from "./migrate";

const config = loadConfig();
const handle = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateDatabase(handle);
  console.log("Migrations applied.");
} finally {
  await handle.close();
}
