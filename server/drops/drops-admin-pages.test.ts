/** The staff's drop pages (issue 48): the list, a new drop's form, a running drop's live panel, a closed one's report. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdmin, signedInStaff } from "../test/admin-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
let owner: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  server = await startTestServer({ pages: true });
  owner = await signedInAdmin(server);
});
afterAll(() => server?.close());

const text = (html: string) => html.replace(/<!--.*?-->/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
const vsopId = async () => ((await owner.get("/api/admin/drops")).body.drops as { id: number; slug: string }[]).find((d) => d.slug === "vsop")!.id;

describe("the staff's drop pages", () => {
  it("lists the drops with their phase and a New drop button", async () => {
    const res = await owner.get("/admin/drops");
    expect(res.status).toBe(200);
    const page = text(res.text);
    expect(page).toContain("VSOP Premium Collection");
    expect(page).toContain("/drops/vsop");
    expect(page).toMatch(/Phase: Open/);
    expect(res.text).toMatch(/<a[^>]+href="\/admin\/drops\/new"[^>]*>.*New drop/s);
  });

  it("shows an empty form for a new drop, its times in UTC", async () => {
    const res = await owner.get("/admin/drops/new");
    expect(res.status).toBe(200);
    const page = text(res.text);
    for (const label of ["Name", "Address", "Announced, UTC", "Opens, UTC", "Pre-orders close, UTC", "Ships, UTC", "Per customer, each product", "Shoppers let in a minute", "Minutes to check out", "Find products", "Landing page", "Create drop"]) {
      expect(page).toContain(label);
    }
    expect(res.text).toContain('type="datetime-local"');
  });

  it("shows a running drop's live figures and its form; /admin/campaign leads to it", async () => {
    const id = await vsopId();
    const res = await owner.get(`/admin/drops/${id}`);
    expect(res.status).toBe(200);
    const page = text(res.text);
    for (const part of ["Live", "Waiting in line", "Carts holding drop items", "Sell-through", "Save drop", "Archive", "Delete", "Hero with countdown", "Questions and answers"]) expect(page).toContain(part);
    expect(page).not.toContain("Download CSV");
    const old = await fetch(`${server.url}/admin/campaign`, { redirect: "manual", headers: { cookie: [...owner.jar].map(([k, v]) => `${k}=${v}`).join("; ") } });
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(`/admin/drops/${id}`);
  });

  it("shows a closed drop's report with its CSV", async () => {
    const created = await owner.post("/api/admin/drops", {
      name: "Past drop",
      slug: "past-drop",
      productIds: [7],
      announceAt: "2024-01-01T00:00:00Z",
      opensAt: "2024-01-02T00:00:00Z",
      preorderClosesAt: "2024-01-10T00:00:00Z",
      shipsAt: "2024-01-20T00:00:00Z",
      freeShipping: false,
    });
    expect(created.status).toBe(201);
    const res = await owner.get(`/admin/drops/${created.body.id}`);
    expect(res.status).toBe(200);
    const page = text(res.text);
    for (const part of ["Report", "Download CSV", "Early-access links sent", "Waitlist sign-ups", "Refunds", "Minutes to sell out"]) expect(page).toContain(part);
    expect(res.text).toContain(`href="/api/admin/drops/${created.body.id}/report.csv"`);
  });

  it("answers 404 for an unknown drop and 403 to staff without drops.write", async () => {
    expect((await owner.get("/admin/drops/999999")).status).toBe(404);
    expect((await owner.get("/admin/drops/abc")).status).toBe(404);
    const member = await signedInStaff(server, { permissions: ["products.write"] });
    const res = await member.client.get("/admin/drops");
    expect(res.status).toBe(403);
    expect(text(res.text)).toContain("Not allowed");
  });
});
