import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ADMIN, envFor, expectPlainRefusal, IMPORT, MIGRATE, PASSWORD, runTool, temp } from "./tool-runs";

// The tools on a data directory no store ever opened: each prepares the database itself (decision 0036).

describe("on a store that was never started", () => {
  const root = temp("fresh");
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("catalog:import prepares the database and its default collections, then imports", { timeout: 120_000 }, async () => {
    const file = join(root, "good.csv");
    writeFileSync(file, "Handle,Title,Option1 Name,Option1 Value,Variant Price,Variant Inventory Qty\nharbor-tee,Harbor Tee,Size,M,25,3\n");
    const result = await runTool(IMPORT, [file], envFor(join(root, "import")));
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toContain("1 to create");
    expect(result.stdout).toContain("Imported.");
  });

  it("catalog:import refuses a file with a refused line (exit 1) and lists it", { timeout: 120_000 }, async () => {
    // The directory of the test above when it ran first; a directory the tool prepares itself when run alone.
    const file = join(root, "bad.csv");
    writeFileSync(file, "Handle,Title,Option1 Name,Option1 Value,Variant Price,Variant Inventory Qty\nok,Ok,Size,M,10,lots\n");
    const result = await runTool(IMPORT, [file], envFor(join(root, "import")));
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/refused {2}line 2/);
    expect(result.stdout).toContain("Nothing imported");
    expectPlainRefusal(result);
  });

  it("db:migrate and admin:create prepare the database themselves", { timeout: 180_000 }, async () => {
    expect(await runTool(MIGRATE, [], envFor(join(root, "migrate")))).toMatchObject({ code: 0, stdout: "Migrations applied.\n", stderr: "" });
    const owner = await runTool(ADMIN, ["--username", "rosa", "--email", "rosa@example.com"], envFor(join(root, "admin"), { ADMIN_PASSWORD: PASSWORD }));
    expect(owner).toMatchObject({ code: 0, stderr: "" });
    expect(owner.stdout).toContain("Created Owner rosa.");
    expect(owner.stdout).toContain("/admin/two-step");
  });
});
