import type { AddressInfo } from "node:net";
import { createApp } from "../app";
import { createServices } from "../context";
import type { DatabaseHandle } from "../db/client";
import { createLogger } from "../logger";
import { createTestDatabase } from "./test-database";

export interface TestServer {
  url: string;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The API on an ephemeral port over a fresh database, as production wires it (minus the pages). */
export async function startTestServer(): Promise<TestServer> {
  const database = await createTestDatabase();
  const app = createApp({
    services: createServices({ db: database.db }),
    logger: createLogger(process.env.TEST_LOG_LEVEL ?? "silent"),
    production: true,
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    database,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}
