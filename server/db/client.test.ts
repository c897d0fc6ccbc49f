import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { openDatabase } from "./client";
import { rowsOf } from "./rows";

it("opens PGlite with 32 MB of shared buffers, so its WebAssembly memory starts at PGlite's smallest (decision 0035)", async () => {
  const database = await openDatabase({ dataDir: "memory://" });
  try {
    const [row] = rowsOf<{ shared_buffers: string }>(await database.db.execute(sql`show shared_buffers`));
    expect(row?.shared_buffers).toBe("32MB");
    expect(database.pglite?.wasmMemoryBytes()).toBe(128 * 1024 * 1024);
  } finally {
    await database.close();
  }
});
