import type { Browser, Page } from "@playwright/test";
import { BASE_URL, expect, goto, test } from "./fixtures";
import { registerShopper } from "./journeys";
import { pausedProxy } from "./paused-proxy";

/**
 * Decision 0034: the shared page with the visitor's viewer stitched in. From the first paint on, the header shows the
 * visitor's own cart count and account, never "0", an empty badge or "Sign in" first, and nothing moves.
 *
 * The recorder starts before the document is parsed and writes down every value the badge, the account link and a
 * product's heart take, and the layout shifts.
 */
function recordViewer() {
  const w = window as unknown as { __viewer: { cart: string[]; account: string[]; heart: string[]; heading: string[] }; __cls: number; __shifted: string[] };
  w.__viewer = { cart: [], account: [], heart: [], heading: [] };
  w.__cls = 0;
  w.__shifted = [];
  const push = (list: string[], value: string | null) => {
    if (value !== null && list.at(-1) !== value) list.push(value);
  };
  const shown = (el: Element | null) => el !== null && getComputedStyle(el).display !== "none";
  const record = () => {
    const header = document.querySelector("header");
    if (!header) return;
    const badge = header.querySelector('[data-v="cart-count"]');
    // Nothing is painted of the badge while its group waits for the rest of the header (header.tsx): no value then.
    const painted = badge?.parentElement?.checkVisibility() ?? false;
    push(w.__viewer.cart, badge && painted ? (shown(badge) ? (badge.textContent ?? "") : "(hidden)") : null);
    const guest = header.querySelector('[data-viewer="guest"]');
    const member = header.querySelector('[data-viewer="member"]');
    if (guest && member) push(w.__viewer.account, shown(member) ? `Account: ${member.querySelector('[data-v="account-name"]')?.textContent ?? ""}` : shown(guest) ? "Sign in" : "(none)");
    const heart = document.querySelector("main [data-fav-id] .heart");
    if (heart) push(w.__viewer.heart, getComputedStyle(heart).fill);
    push(w.__viewer.heading, document.querySelector("main h1")?.textContent ?? null);
  };
  new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  document.addEventListener("DOMContentLoaded", record);
  // The main content's elements as the server sent them: hydration keeps these very nodes unless it had to render anew.
  document.addEventListener("DOMContentLoaded", () => {
    for (const el of document.querySelectorAll("main h1, main li, main button")) (el as Element & { __sent?: true }).__sent = true;
  });
  window.addEventListener("load", record);
  new PerformanceObserver((list) => {
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] };
    for (const entry of list.getEntries() as Shift[]) {
      if (entry.hadRecentInput) continue;
      w.__cls += entry.value;
      for (const source of entry.sources ?? []) {
        const el = source.node instanceof Element ? source.node : source.node?.parentElement;
        w.__shifted.push(el ? `${el.closest("header") ? "header " : ""}${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120) : "?");
      }
    }
  }).observe({ type: "layout-shift", buffered: true });
}

type Recorded = { cart: string[]; account: string[]; heart: string[]; heading: string[]; cls: number; shifted: string[] };

/** Opens `path` with the recorder on, waits for hydration and for the cart the header fetches, answers what was seen. */
async function visit(page: Page, path: string): Promise<Recorded> {
  await page.addInitScript(recordViewer);
  const cartFetched = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/cart");
  await goto(page, path);
  await cartFetched;
  // Whatever the fetched cart changes is rendered in the same task as its answer; one more frame lets it land.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => {
    const w = window as unknown as { __viewer: Omit<Recorded, "cls" | "shifted">; __cls: number; __shifted: string[] };
    return { ...w.__viewer, cls: w.__cls, shifted: w.__shifted };
  });
}

async function addItems(page: Page, productId: number, quantity: number) {
  const product = await (await page.request.get(`/api/products/${productId}`)).json();
  const variant = product.variants.find((v: { available: number }) => v.available >= quantity);
  const res = await page.request.post("/api/cart/items", { data: { productId, quantity, color: variant.color, size: variant.size } });
  expect(res.status(), await res.text()).toBe(201);
}

/** A second shopper on the same device as the test's own page (the phone project's viewport and touch). */
async function newPage(browser: Browser, page: Page) {
  const touch = (await page.evaluate(() => navigator.maxTouchPoints)) > 0;
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: page.viewportSize(), isMobile: touch, hasTouch: touch });
  return context.newPage();
}

const RED = /rgb\(2\d\d, \d\d?, \d\d?\)|oklch|color\(/;

for (const device of ["desktop", "phone @phone"]) {
  test.describe(`no flash of the wrong viewer, ${device}`, () => {
    test("a guest with 3 items sees 3 from the first paint; another guest's 1 never shows", async ({ page, browser }) => {
      await addItems(page, 2, 3);
      const other = await newPage(browser, page);
      await addItems(other, 2, 1);
      const path = "/category/men";
      const mine = await visit(page, path);
      const theirs = await visit(other, path);
      expect(mine.cart).toEqual(["3"]);
      expect(mine.account).toEqual(["Sign in"]);
      // Open (issue 30): about one desktop run in twenty sees the header's right-hand group move by a few pixels
      // (0.0006) while the category page loads, with the same badge and account values throughout; the sources are
      // recorded so a failure names what moved. The research's bound for "no shift" is < 0.001.
      expect(mine.cls, `shifted: ${mine.shifted.join(", ")}`).toBeLessThan(0.001);
      expect(theirs.cart).toEqual(["1"]);
      await expect(page.getByRole("button", { name: "Cart, 3 items" })).toBeVisible();
      await other.context().close();
    });

    test("a page that stops right after the badge's start tag shows no badge until its 3 comes", async ({ page }) => {
      await addItems(page, 2, 3);
      // The parser reads `<span data-v="cart-count" …>`, the page is painted, and only then comes its text.
      const proxy = await pausedProxy(BASE_URL, { path: "/category/men", cutAfter: (html) => html.indexOf(">", html.indexOf('data-v="cart-count"')) + 1, pauseMs: 400 });
      try {
        const seen = await visit(page, `${proxy.url}/category/men`);
        expect(seen.cart).toEqual(["3"]);
        expect(seen.cls, `shifted: ${seen.shifted.join(", ")}`).toBeLessThan(0.001);
      } finally {
        await proxy.close();
      }
    });

    test("a signed-in shopper with 3 items and a favourite sees them from the first paint", async ({ page }) => {
      const username = `viewer${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
      await registerShopper(page, { name: "Viewer Shopper", username, password: "velvet-orbit-7 lantern" });
      await addItems(page, 1, 3);
      expect((await page.request.post("/api/favorites", { data: { productId: 3 } })).ok()).toBe(true);
      const seen = await visit(page, "/product/3");
      expect(seen.cart).toEqual(["3"]);
      expect(seen.account).toEqual(["Account: Viewer Shopper"]);
      expect(seen.heart).toHaveLength(1);
      expect(seen.heart[0]).toMatch(RED);
      expect(seen.cls, `shifted: ${seen.shifted.join(", ")}`).toBeLessThan(0.001);
      await expect(page.getByRole("link", { name: "Account: Viewer Shopper" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Sign in" })).toHaveCount(0);
      await expect(page.locator("main [data-fav-id='3']").first()).toHaveAttribute("aria-pressed", "true");
    });

    test("a guest with 3 items sees their own cart page from the first paint, hydrated as it was sent", async ({ page }) => {
      await addItems(page, 2, 3);
      const hoodie = (await (await page.request.get("/api/products/2")).json()).name as string;
      const seen = await visit(page, "/cart");
      // The shared cart page with this guest's cart put into it: never "Your cart is empty" first.
      expect(seen.heading).toEqual(["Your Cart"]);
      expect(seen.cart).toEqual(["3"]);
      expect(seen.cls, `shifted: ${seen.shifted.join(", ")}`).toBeLessThan(0.001);
      // React hydrated the very nodes the server sent (a mismatch would have rendered them anew)...
      const replaced = await page.evaluate(() => [...document.querySelectorAll("main h1, main li, main button")].filter((el) => !(el as Element & { __sent?: true }).__sent).map((el) => el.outerHTML.slice(0, 80)));
      expect(replaced).toEqual([]);
      // ...and they work.
      await page.getByRole("button", { name: `Increase quantity of ${hoodie}` }).click();
      await expect(page.getByRole("button", { name: "Cart, 4 items" })).toBeVisible();
      await expect(page.getByRole("group", { name: `Quantity of ${hoodie}` })).toContainText("4");
    });

    test("an anonymous visitor sees the empty badge and Sign in, and nothing moves", async ({ page }) => {
      const seen = await visit(page, "/");
      expect(seen.cart).toEqual(["(hidden)"]);
      expect(seen.account).toEqual(["Sign in"]);
      expect(seen.cls, `shifted: ${seen.shifted.join(", ")}`).toBeLessThan(0.001);
    });
  });
}
