import AxeBuilder from "@axe-core/playwright";
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { generate } from "otplib";
import { expect, goto, test } from "./fixtures";
import { fillCard } from "./journeys";

/**
 * Issue 31's journey, on a store of its own: a shopper gives their email, ticks the box and leaves; the store is
 * restarted an hour ahead (STORE_CLOCK_OFFSET, the operator's clock); the email arrives in its outbox; its link
 * restores the cart in a fresh browser, the shopper pays, and Marketing → Recovery counts one recovered order.
 */
const OWNER = { username: "recovery-owner", email: "recovery-owner@example.com", password: "meadow quartz 7731 lantern", totpSecret: "MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U" };
const node = process.execPath;
const dataDir = mkdtempSync(join(tmpdir(), "store-e2e-recovery-"));
let port = 0;
let store: ChildProcess | null = null;
const origin = () => `http://127.0.0.1:${port}`;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port: p } = server.address() as { port: number };
      server.close(() => resolve(p));
    });
  });

async function startStore(clockOffset = "0") {
  store = spawn(node, ["build/server/main.js"], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", PUBLIC_URL: origin(), STORE_CLOCK_OFFSET: clockOffset },
    stdio: "ignore",
  });
  await expect.poll(async () => (await fetch(`${origin()}/api/health`).catch(() => null))?.status ?? 0, { timeout: 180_000, intervals: [500] }).toBe(200);
}

async function stopStore() {
  if (!store || store.exitCode !== null) return;
  const exited = new Promise((resolve) => store!.once("exit", resolve));
  store.kill("SIGTERM");
  await exited;
}

/** The recovery emails the store wrote to DATA_DIR/outbox. */
const recoveryMails = () => {
  const outbox = join(dataDir, "outbox");
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.includes("you-left-something"))
    .map((name) => readFileSync(join(outbox, name)));
};

// A store of its own started twice on a fresh directory (seeding, migrations): minutes on the loaded 2-core CI machine.
test.describe.configure({ mode: "serial", timeout: 420_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  port = await freePort();
  execFileSync(node, ["--import", "tsx", "scripts/create-admin.ts", "--username", OWNER.username, "--email", OWNER.email, "--totp-secret", OWNER.totpSecret], { env: { ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: OWNER.password }, stdio: "ignore" });
  await startStore();
});

test.afterAll(async () => {
  await stopStore();
  rmSync(dataDir, { recursive: true, force: true });
});

test("a shopper who ticked the box and left gets the email an hour later; its link restores the cart elsewhere and the order counts as recovered", async ({ browser }) => {
  const email = `recovery.${Date.now()}@example.com`;
  const first = await browser.newContext();
  const page = await first.newPage();
  // This store is not the suite's, so its addresses are whole (the shared journeys open relative ones).
  await goto(page, `${origin()}/product/2`);
  await page.getByRole("radio", { name: /^M(,|$)/ }).click();
  await page.getByRole("button", { name: /Add to Cart$/ }).click();
  await expect(page.getByRole("dialog", { name: "Your Shopping Cart" })).toBeVisible();
  await goto(page, `${origin()}/checkout`);
  await page.getByLabel("Email", { exact: true }).fill(email);
  const consent = page.getByRole("checkbox", { name: "Email me about my order and offers" });
  await expect(consent).not.toBeChecked();
  await consent.check();
  await page.getByLabel("Full name").fill("Avery Quinn");
  await page.getByLabel("Address", { exact: true }).fill("500 Pine Street");
  await page.getByLabel("City").fill("Seattle");
  await page.getByLabel("State / region").fill("WA");
  await page.getByLabel("Postal code").fill("98101");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByLabel("Card number")).toBeVisible();
  await first.close();

  // The operator moves the store's clock an hour ahead: it sweeps as it starts.
  await stopStore();
  await startStore("61m");
  await expect.poll(() => recoveryMails().length, { timeout: 60_000, intervals: [500] }).toBe(1);
  const mail = await simpleParser(recoveryMails()[0]!);
  expect(mail.to && "text" in mail.to ? mail.to.text : "").toContain(email);
  const link = /https?:\/\/\S+\/api\/cart\/restore\/[^\s)]+/.exec(mail.text ?? "")![0];

  const second = await browser.newContext();
  const elsewhere = await second.newPage();
  await goto(elsewhere, link);
  await expect(elsewhere).toHaveURL(/\/cart$/);
  await expect(elsewhere.getByText("VSOP Premium Hoodie").first()).toBeVisible();
  await goto(elsewhere, `${origin()}/checkout`);
  await elsewhere.getByLabel("Email", { exact: true }).fill(email);
  await elsewhere.getByLabel("Full name").fill("Avery Quinn");
  await elsewhere.getByLabel("Address", { exact: true }).fill("500 Pine Street");
  await elsewhere.getByLabel("City").fill("Seattle");
  await elsewhere.getByLabel("State / region").fill("WA");
  await elsewhere.getByLabel("Postal code").fill("98101");
  await elsewhere.getByRole("button", { name: "Continue to payment" }).click();
  await fillCard(elsewhere);
  await elsewhere.getByRole("button", { name: /^Pay / }).click();
  await expect(elsewhere).toHaveURL(/\/order-confirmation/);
  await second.close();

  // Staff sign in (password, then a code from their app for the store's clock) and open Marketing → Recovery.
  const staff = await browser.newContext();
  const headers = { origin: origin() };
  expect((await staff.request.post(`${origin()}/api/auth/login`, { headers, data: { username: OWNER.username, password: OWNER.password } })).status()).toBe(200);
  const storeSeconds = Date.now() / 1000 + 61 * 60;
  const code = await generate({ secret: OWNER.totpSecret, epoch: Math.floor(storeSeconds / 30) * 30 });
  const verified = await staff.request.post(`${origin()}/api/admin/security/verify`, { headers, data: { code, purpose: "sign-in" } });
  expect(verified.status(), await verified.text()).toBe(200);
  const admin = await staff.newPage();
  await goto(admin, `${origin()}/admin/recovery`);
  await expect(admin.getByRole("heading", { name: "Checkout recovery", level: 1 })).toBeVisible();
  const figure = (label: string) => admin.locator("dl > div").filter({ has: admin.locator("dt", { hasText: new RegExp(`^${label}$`) }) }).locator("dd");
  await expect(figure("Emails sent")).toHaveText("1");
  await expect(figure("Links opened")).toHaveText("1");
  await expect(figure("Orders recovered")).toHaveText("1");
  await expect(admin.getByRole("region", { name: "Recovery by day" }).getByRole("row")).toHaveCount(2);
  const axe = await new AxeBuilder({ page: admin }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).exclude("[data-sonner-toaster]").analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await staff.close();
});
