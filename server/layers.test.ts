import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { projectRoot } from "./paths";

/**
 * DESIGN §1 and §5 (issue 35): server/db/ knows no business rule, and a payment provider no order rule. The lint rules in
 * eslint.config.js keep it so; this proves they bite.
 */
const lint = async (code: string, file: string) => {
  const [result] = await new ESLint({ cwd: projectRoot }).lintText(code, { filePath: `${projectRoot}/${file}` });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
};

describe("the database layer's imports", () => {
  it("refuses a domain module in server/db/, a test file too", async () => {
    expect(await lint('import { handleFrom } from "../catalog/handles";\nexport const x = handleFrom;\n', "server/db/example.ts")).toEqual([expect.stringMatching(/server\/db\/ knows no domain/)]);
    expect(await lint('import { seedCatalog } from "../seed/seed-catalog";\nexport const x = seedCatalog;\n', "server/db/example.test.ts")).toEqual([expect.stringMatching(/server\/db\/ knows no domain/)]);
  });

  it("allows the schema, shared/, the paths, the config and the test kit", async () => {
    const code = ['import { users } from "./schema";', 'import { PERMISSIONS } from "../../shared/staff-permissions";', 'import { projectRoot } from "./paths";', 'import { loadConfig } from "../config";', 'import { createTestDatabase } from "../test/test-database";', "export const all = [users, PERMISSIONS, projectRoot, loadConfig, createTestDatabase];", ""].join("\n");
    expect(await lint(code, "server/db/example.test.ts")).toEqual([]);
  });
});

describe("the payment providers' imports", () => {
  it("refuses an order rule, and takes the event handler's types", async () => {
    expect(await lint('import { markOrderPaid } from "../orders/mark-order-paid";\nexport const x = markOrderPaid;\n', "server/payments/example.ts")).toEqual([expect.stringMatching(/knows no order rule/)]);
    expect(await lint('import type { OrderDeps } from "../orders/order-deps";\nexport type X = OrderDeps;\n', "server/payments/example.ts")).toEqual([]);
  });
});
