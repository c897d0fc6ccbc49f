/** The menus in the server's HTML (issue 28): the seeded header and footer render the store's links; a saved change shows at once. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdmin } from "../test/admin-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
let staff: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  server = await startTestServer({ pages: true });
  staff = await signedInAdmin(server);
});
afterAll(() => server?.close());

const html = async (path: string) => (await fetch(`${server.url}${path}`)).text();
/** The links (href, text) inside the first element that opens with `open` and closes with `close`. */
function linksIn(page: string, open: RegExp, close: string) {
  const start = page.search(open);
  expect(start, String(open)).toBeGreaterThanOrEqual(0);
  const part = page.slice(start, page.indexOf(close, start));
  return [...part.matchAll(/<a [^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/gs)].map((m) => [m[1]!, m[2]!.replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'")] as const);
}

describe("menus on the pages", () => {
  it("the seeded header and footer render the links the store had (labels, order, addresses, the VSOP badge)", async () => {
    const page = await html("/");
    const header = linksIn(page, /<nav aria-label="Main"/, "</nav>");
    expect(header.filter(([href]) => !href.includes("/category/men/") && !href.includes("/category/women/") && !href.includes("/category/kids/"))).toEqual([
      ["/category/men", "Shop all men"],
      ["/category/women", "Shop all women"],
      ["/category/kids", "Shop all kids"],
      ["/category/sale", "Sale"],
      ["/category/new", "New"],
      ["/vsop", "VSOPNEW"],
      ["/blog", "Blog"],
      ["/about", "About"],
    ]);
    expect(header).toContainEqual(["/category/women/dresses", "Dresses"]);
    const footer = page.slice(page.indexOf("<footer"));
    expect(linksIn(footer, /<nav aria-label="Shop"/, "</nav>").map(([href]) => href)).toEqual(["/category/men", "/category/women", "/category/kids", "/category/sale", "/category/new", "/vsop", "/products"]);
    expect(linksIn(footer, /<nav aria-label="Customer Service"/, "</nav>")).toEqual([
      ["/contact", "Contact Us"],
      ["/orders/lookup", "Track an Order"],
      ["/shipping", "Shipping"],
      ["/returns", "Returns"],
      ["/size-guide", "Size Guide"],
      ["/faq", "FAQ"],
    ]);
    expect(linksIn(footer, /<nav aria-label="About"/, "</nav>").map(([href]) => href)).toEqual(["/about", "/blog", "/sustainability", "/stores", "/careers"]);
    // A click on a footer link fetches its page's data (/faq.data): it answers as the page does.
    for (const path of ["/shipping", "/faq", "/privacy"]) expect((await fetch(`${server.url}${path}.data`)).status, path).toBe(200);
    expect(linksIn(footer, /<ul class="flex gap-5"/, "</ul>")).toEqual([
      ["/privacy", "Privacy"],
      ["/terms", "Terms"],
      ["/accessibility", "Accessibility"],
    ]);
  });

  it("a saved menu shows on the next page (the cached pages and menus are dropped), a draft page's link only once it is live", async () => {
    const { menus, targets } = (await staff.get("/api/admin/menus")).body;
    const legal = menus.find((m: { handle: string }) => m.handle === "legal");
    const created = await staff.post("/api/admin/content", { kind: "policy", slug: "cookies", title: "Cookies", body: { type: "doc", content: [] }, status: "draft" });
    expect(created.status).toBe(201);
    const items = [...legal.items.map((i: { label: string; targetId: number }) => ({ label: i.label, kind: "entry", targetId: i.targetId })), { label: "Cookies", kind: "entry", targetId: created.body.id }];
    expect((await staff.put("/api/admin/menus/legal", { items })).status).toBe(200);
    expect(await html("/")).not.toContain('href="/pages/cookies"');
    expect((await staff.patch(`/api/admin/content/${created.body.id}`, { status: "published" })).status).toBe(200);
    expect(linksIn(await html("/"), /<ul class="flex gap-5"/, "</ul>").at(-1)).toEqual(["/pages/cookies", "Cookies"]);
    expect(targets.entries.length).toBeGreaterThan(0);
    expect((await staff.put("/api/admin/menus/legal", { items: items.slice(0, -1) })).status).toBe(200);
  });

  it("the staff page lists every menu with its items", async () => {
    const res = await fetch(`${server.url}/admin/menus`, { headers: { cookie: [...staff.jar].map(([k, v]) => `${k}=${v}`).join("; ") } });
    expect(res.status).toBe(200);
    const page = await res.text();
    for (const heading of ["Header", "Footer", "Legal"]) expect(page).toMatch(new RegExp(`<h2[^>]*>${heading}</h2>`));
    expect(page).toContain('value="Customer Service"');
  });
});
