import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { BASE_URL, expect, goto, test } from "./fixtures";
import { checkOutWithTestCard, fillShippingDetails } from "./journeys";

/**
 * Issue 48's journey ("How we will know"), in the e2e store on its real clock: staff create "Winter drop" with two
 * products, early access from now and the open a couple of minutes ahead; a newsletter subscriber gets the early-access
 * email and buys early; after the open a shopper waits in line behind another visitor, sees the place, is let in and
 * buys the last piece of a size, which staff's live page shows sold out within 5 s; a second piece of the same product
 * is refused by the per-customer limit at checkout.
 *
 * The staff form takes times to the minute (datetime-local, UTC) and the early-access job runs on the minute cron, so
 * the open is set two minutes after the first cron run that follows the drop's creation: the test takes about four
 * minutes, spent in expect's polling, never in sleeps.
 */
const headers = { origin: BASE_URL };
const MINUTE = 60_000;
/** Two ordinary products no other journey buys (the drop gates them while it runs; it is archived at the end). */
const TROUSERS = "Tailored Straight Trousers";
const SKIRT = "Pleated Midi Skirt";
/**
 * The waiting room's rate: one admission every 30 s, so the shopper joining just after another visitor waits a moment,
 * and still does when the browser check takes its 10-20 s on a loaded machine (a join is its check, then the POST).
 */
const ADMIT_PER_MINUTE = 2;
const SPACING_MS = 60_000 / ADMIT_PER_MINUTE;

type Variant = { id: number; color: string; size: string; onHand: number };

/** A datetime-local value (UTC, to the minute) as the staff form takes it. */
const utcInput = (ms: number) => new Date(ms).toISOString().slice(0, 16);
const nextMinute = (ms: number) => Math.ceil(ms / MINUTE) * MINUTE;

/** Console errors of the extra browsers (the fixture watches only `page`): each test page fails on one it doesn't expect. */
const watched: { name: string; errors: string[] }[] = [];
async function openBrowser(browser: Browser, name: string, expected: RegExp[] = []): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const entry = { name, errors: [] as string[] };
  watched.push(entry);
  page.on("console", (message) => {
    if (message.type() === "error" && !expected.some((re) => re.test(message.text()))) entry.errors.push(message.text());
  });
  page.on("pageerror", (error) => entry.errors.push(String(error)));
  return page;
}

/** The early-access emails the store wrote to DATA_DIR/outbox for an address: [path of the link, mail]. */
async function earlyAccessLinks(to: string, dropName: string): Promise<string[]> {
  const outbox = join(process.env.E2E_DATA_DIR!, "outbox");
  if (!existsSync(outbox)) return [];
  const links: string[] = [];
  for (const file of readdirSync(outbox).sort()) {
    const raw = readFileSync(join(outbox, file));
    if (!raw.includes(to)) continue;
    const mail = await simpleParser(raw);
    if (mail.subject !== `Your early access to ${dropName}`) continue;
    if (!(mail.to && "text" in mail.to && mail.to.text.includes(to))) continue;
    expect(raw.toString("utf8"), "the RFC 8058 one-click header").toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    links.push(/\/drops\/[a-z0-9-]+\/early-access\?token=[A-Za-z0-9_-]{43}/.exec(mail.text ?? "")![0]);
  }
  return links;
}

test.use({ expectedConsoleErrors: [] });

test("a drop made by staff: a subscriber buys early, a shopper waits in line and buys one, a second is refused by the limit, and the live page shows the size sold out", async ({ page: staff, browser, signInAsStaff }) => {
  test.setTimeout(10 * MINUTE);
  const run = Date.now().toString(36);
  const slug = `winter-drop-${run}`;
  const subscriber = { email: `early.${run}@example.com`, name: "Robin Early" };
  const buyer = { email: `line.${run}@example.com`, name: "Sasha Line" };

  // Set-up through the API: the products' ids, one size of the trousers down to its last piece (in its first colour),
  // and a newsletter subscriber (signing up is the consent to hear about drops).
  await signInAsStaff(staff);
  const find = async (name: string) => {
    const res = await staff.request.get(`/api/admin/drops/products?q=${encodeURIComponent(name)}`);
    expect(res.status(), await res.text()).toBe(200);
    const found = ((await res.json()) as { products: { id: number; name: string; status: string; drops: string[] }[] }).products.find((p) => p.name === name)!;
    expect(found, `${name} is an active product in no drop`).toMatchObject({ status: "active", drops: [] });
    return found.id;
  };
  const trousersId = await find(TROUSERS);
  await find(SKIRT);
  const trousers = (await (await staff.request.get(`/api/admin/products/${trousersId}`)).json()) as { product: { colors: string[] }; variants: Variant[] };
  const firstColour = trousers.product.colors[0]!;
  const sizeM = trousers.variants.filter((v) => v.size === "M");
  const setOnHand = async (id: number, onHand: number) => {
    const res = await staff.request.patch(`/api/admin/variants/${id}`, { data: { onHand }, headers });
    expect(res.status(), await res.text()).toBe(200);
  };
  for (const v of sizeM) await setOnHand(v.id, v.color === firstColour ? 1 : 0);
  const subscribed = await staff.request.post("/api/newsletter", { data: { email: subscriber.email }, headers });
  expect(subscribed.status(), await subscribed.text()).toBe(201);

  let dropId: number | null = null;
  try {
    // 1. Staff create the drop on /admin/drops, its products found with the page's picker.
    await goto(staff, "/admin/drops");
    await staff.getByRole("link", { name: "New drop" }).click();
    await expect(staff.getByRole("heading", { level: 1, name: "New drop" })).toBeVisible();
    await staff.getByLabel("Name", { exact: true }).fill("Winter drop");
    await expect(staff.getByLabel("Address", { exact: true })).toHaveValue("winter-drop");
    await staff.getByLabel("Address", { exact: true }).fill(slug);
    const now = Date.now();
    const earlyAt = Math.floor(now / MINUTE) * MINUTE;
    // The job's first run after the save (the save itself takes a few seconds here), then two minutes to buy early.
    const opensAt = nextMinute(now + 20_000) + 2 * MINUTE;
    await staff.getByLabel("Announced, UTC").fill(utcInput(earlyAt));
    await staff.getByLabel("Early access (optional), UTC").fill(utcInput(earlyAt));
    await staff.getByLabel("Opens, UTC").fill(utcInput(opensAt));
    await staff.getByLabel("Pre-orders close, UTC").fill(utcInput(opensAt + 24 * 60 * MINUTE));
    await staff.getByLabel("Ships, UTC").fill(utcInput(opensAt + 30 * 24 * 60 * MINUTE));
    await staff.getByLabel("Per customer, each product").fill("1");
    await staff.getByLabel("Shoppers let in a minute").fill(String(ADMIT_PER_MINUTE));
    const search = staff.getByRole("searchbox", { name: "Find products" });
    for (const name of [TROUSERS, SKIRT]) {
      await search.fill(name);
      await staff.getByRole("button", { name: `Add ${name}` }).click();
    }
    await expect(staff.getByRole("list", { name: "The drop's products" }).getByRole("listitem")).toHaveText([new RegExp(`^${TROUSERS}`), new RegExp(`^${SKIRT}`)]);
    await staff.getByRole("button", { name: "Create drop" }).click();
    await expect(staff).toHaveURL(/\/admin\/drops\/\d+$/);
    dropId = Number(/\/admin\/drops\/(\d+)$/.exec(staff.url())![1]);
    await expect(staff.getByRole("heading", { level: 1, name: "Winter drop" })).toBeVisible();

    // In early access from the start, so its page is the live one, asking again every 5 s; it is never reloaded below.
    const live = staff.getByRole("region", { name: "Sales by product and size" });
    await expect(staff.getByRole("heading", { level: 2, name: "Live" })).toBeVisible();
    const soldOutCell = live.getByRole("row").filter({ has: staff.getByRole("cell", { name: TROUSERS, exact: true }) }).filter({ has: staff.getByRole("cell", { name: "M", exact: true }) });
    await expect(soldOutCell).toContainText("In stock");
    await staff.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    // 2. The subscriber's email arrives with the minute job; its link unlocks early access on this device, and they buy early.
    await expect.poll(() => earlyAccessLinks(subscriber.email, "Winter drop").then((l) => l.length), { timeout: 3 * MINUTE, intervals: [1_000] }).toBe(1);
    const [link] = await earlyAccessLinks(subscriber.email, "Winter drop");
    expect(link).toContain(`/drops/${slug}/early-access?token=`);
    const early = await openBrowser(browser, "subscriber");
    await goto(early, link!);
    await expect(early.getByRole("heading", { name: "Early access to Winter drop" })).toBeVisible();
    await early.getByRole("button", { name: "Unlock early access" }).click();
    await expect(early.getByRole("status")).toHaveText("You have early access to Winter drop");
    await expect(early).toHaveURL(new RegExp(`/drops/${slug}/early-access$`));
    await early.getByRole("link", { name: "Go to Winter drop" }).click();
    await expect(early.getByRole("heading", { level: 1, name: "Winter drop" })).toBeVisible();
    await early.getByRole("listitem").filter({ has: early.getByRole("heading", { name: SKIRT }) }).getByRole("link", { name: "View details" }).click();
    await expect(early.getByRole("heading", { level: 1, name: SKIRT })).toBeVisible();
    // Well before the open: the piece can be added now (a click would otherwise wait for the panel the open shows).
    const beforeOpen = { timeout: Math.max(1_000, Math.min(15_000, opensAt - Date.now() - 20_000)) };
    await expect(early.getByRole("button", { name: /Add to Cart$/ }), "the early-access holder's product page offers Add to Cart").toBeVisible(beforeOpen);
    await early.getByRole("radio", { name: /^S(,|$)/ }).click(beforeOpen);
    await early.getByRole("button", { name: /Add to Cart$/ }).click(beforeOpen);
    await expect(early.getByRole("dialog", { name: "Your Shopping Cart" })).toBeVisible();
    await checkOutWithTestCard(early, subscriber);
    expect(Date.now(), "the early purchase was made before the open").toBeLessThan(opensAt);

    // 3. Before the open a visitor and the shopper wait on the drop's page; at the instant it shows the line, no reload.
    // Each page first asks for a place it doesn't hold yet (404).
    const visitor = await openBrowser(browser, "visitor", [/status of 404/]);
    const shopper = await openBrowser(browser, "shopper", [/status of 404/, /status of 409/]);
    for (const p of [visitor, shopper]) {
      await goto(p, `/drops/${slug}`);
      await expect(p.getByRole("heading", { level: 1, name: "Winter drop" })).toBeVisible();
      await expect(p.getByRole("button", { name: "Join the line" })).toHaveCount(0);
    }
    const untilOpen = () => Math.max(0, opensAt - Date.now());
    await expect(visitor.getByRole("button", { name: "Join the line" })).toBeVisible({ timeout: untilOpen() + 15_000 });
    expect(Date.now()).toBeGreaterThanOrEqual(opensAt);
    await expect(shopper.getByRole("button", { name: "Join the line" })).toBeVisible();

    // The visitor is first (let in at once); the shopper, right behind, is told their place politely and let in by the page.
    await visitor.getByRole("button", { name: "Join the line" }).click();
    await expect(visitor.getByText("You're in.")).toBeVisible({ timeout: SPACING_MS });
    await shopper.getByRole("button", { name: "Join the line" }).click();
    const place = shopper.getByText(/^You're number \d+ in line\./);
    await expect(place).toHaveText(/^You're number 1 in line\. Estimated wait: less than a minute\./, { timeout: SPACING_MS });
    await expect(place.locator("xpath=ancestor::*[@aria-live='polite']")).toHaveCount(1);
    await shopper.screenshot({ path: test.info().outputPath("waiting-room.png") });
    await expect(shopper.getByText("You're in.")).toBeVisible({ timeout: SPACING_MS + 15_000 });

    // Let in, the shopper buys the last M of the trousers.
    await shopper.getByRole("link", { name: TROUSERS, exact: true }).click();
    await expect(shopper.getByRole("heading", { level: 1, name: TROUSERS })).toBeVisible();
    await shopper.getByRole("radio", { name: firstColour, exact: true }).click();
    await shopper.getByRole("radio", { name: /^M(,|$)/ }).click();
    await shopper.getByRole("button", { name: /Add to Cart$/ }).click();
    await expect(shopper.getByRole("dialog", { name: "Your Shopping Cart" })).toBeVisible();
    await checkOutWithTestCard(shopper, buyer);

    // 4. Staff's live page shows the size sold out within 5 s (its polling interval), without a reload.
    await expect(soldOutCell).toContainText(/UTC/, { timeout: 5_000 });
    await expect(soldOutCell).not.toContainText("In stock");
    expect(await staff.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await staff.screenshot({ path: test.info().outputPath("live-panel.png"), fullPage: true });

    // A second pair of the same trousers (another size) is refused by the per-customer limit at checkout (409).
    await goto(shopper, `/product/${trousersId}`);
    await shopper.getByRole("radio", { name: firstColour, exact: true }).click();
    await expect(shopper.getByRole("radio", { name: "M, sold out" })).toBeVisible();
    await shopper.getByRole("radio", { name: /^L(,|$)/ }).click();
    await shopper.getByRole("button", { name: /Add to Cart$/ }).click();
    await expect(shopper.getByRole("dialog", { name: "Your Shopping Cart" })).toBeVisible();
    await goto(shopper, "/checkout");
    await fillShippingDetails(shopper, buyer);
    const refused = shopper.getByRole("alert").filter({ hasText: "Payment Setup Failed" });
    await expect(refused).toContainText(`You can buy at most 1 of ${TROUSERS} in this drop`);
    await expect(shopper.getByLabel("Card number")).toHaveCount(0);

    for (const { name, errors } of watched) expect(errors, `console errors (${name})`).toEqual([]);
  } finally {
    // The products sell as ordinary products again (archived, the drop keeps its orders), with their stock as before.
    if (dropId !== null) expect((await staff.request.post(`/api/admin/drops/${dropId}/archive`, { data: {}, headers })).status()).toBe(200);
    for (const v of sizeM) await setOnHand(v.id, v.onHand);
  }
});
