import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Router } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSIONS, type Permission } from "../../shared/staff-permissions";
import { staffRoles, users } from "../db/schema";
import { projectRoot } from "../paths";
import { signedInAdmin, signedInStaff } from "../test/admin-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

/**
 * The route table (issue 29): every staff API call and every staff page names exactly one permission, and a staff
 * member whose role lacks it is refused (403) while the Owner is not. Built from the routers themselves and from
 * app/routes.ts, so a new staff call or page without a permission fails here.
 */

/** Where each router factory is mounted (server/http/api.ts, server/app.ts). A router file missing here fails the first test. */
const MOUNTS: Record<string, Record<string, string>> = {
  "account-router.ts": { accountRouter: "/api" },
  "admin-router.ts": { adminRouter: "/api/admin", feedRouter: "/api/instagram-shop" },
  "admin-search-router.ts": { adminSearchRouter: "/api/admin/search" },
  "alerts-router.ts": { alertsRouter: "/api" },
  "auth-router.ts": { authRouter: "/api/auth" },
  "cart-router.ts": { cartRouter: "/api/cart" },
  "checkout-router.ts": { checkoutRouter: "/api" },
  "consent-router.ts": { consentRouter: "/api" },
  "content-admin-router.ts": { contentAdminRouter: "/api/admin/content" },
  "content-router.ts": { contentRouter: "/api" },
  "home-admin-router.ts": { homeAdminRouter: "/api/admin" },
  "drops-admin-router.ts": { dropsAdminRouter: "/api/admin/drops" },
  "drops-router.ts": { dropsRouter: "/api/drops" },
  "drop-line-router.ts": { dropLineRouter: "/api/drops" },
  "early-access-router.ts": { earlyAccessRouter: "/api" },
  "funnel-router.ts": { funnelRouter: "/api" },
  "images-router.ts": { imagesRouter: "/images" },
  "media-router.ts": { mediaRouter: "/media" },
  "seo-router.ts": { seoRouter: "" },
  "menus-router.ts": { menusRouter: "/api/admin/menus" },
  "products-router.ts": { productsRouter: "/api/products" },
  "recovery-router.ts": { recoveryRouter: "/api/cart", recoveryAdminRouter: "/api/admin/recovery" },
  "reviews-router.ts": { reviewsRouter: "/api" },
  "search-router.ts": { searchRouter: "/api/search", searchAdminRouter: "/api/admin" },
  "security-router.ts": { securityRouter: "/api/admin/security" },
  "reports-router.ts": { reportsRouter: "/api/admin/reports" },
  "settings-router.ts": { settingsRouter: "/api/admin/settings" },
  "staff-invitation-router.ts": { staffInvitationRouter: "/api/auth" },
  "staff-router.ts": { staffAdminRouter: "/api/admin" },
  "stylist-router.ts": { stylistRouter: "/api/ai" },
  "tax-shipping-router.ts": { taxShippingRouter: "/api/admin" },
  "unsubscribe-router.ts": { unsubscribeRouter: "" },
  "webhook-router.ts": { webhookRouter: "/api/webhooks" },
};
/** Not under /api/admin, but staff's: the catalog feed takes staff with this permission, or the feed token. */
const OTHER_STAFF_CALLS: Record<string, Permission> = { "GET /api/instagram-shop/feed": "settings" };
/** Any staff member may make these; what they answer is filtered by the member's permissions (tested below). */
const ANY_STAFF_CALLS = ["GET /api/admin/search"];
/** Any staff member, before their second factor too: their own two-step sign-in (server/http/security-router.ts). */
const OWN_SECURITY_CALLS = [
  "GET /api/admin/security",
  "POST /api/admin/security/totp/setup",
  "POST /api/admin/security/totp",
  "DELETE /api/admin/security/totp",
  "POST /api/admin/security/verify",
  "POST /api/admin/security/passkey/options",
  "POST /api/admin/security/passkey",
  "POST /api/admin/security/recovery-codes",
];

interface Layer {
  route?: { path: string; methods: Record<string, boolean>; stack: { handle: { permission?: Permission; anyStaff?: true; ownSecurity?: true } }[] };
}
interface StaffCall {
  method: string;
  path: string;
  permission: Permission | undefined;
  guards: number;
  anyStaff: boolean;
  ownSecurity: boolean;
}

let server: TestServer;
let calls: StaffCall[];
const httpDir = join(projectRoot, "server/http");

beforeAll(async () => {
  server = await startTestServer({ pages: true, jobs: {} });
  calls = [];
  for (const [file, factories] of Object.entries(MOUNTS)) {
    const mod = (await import(join(httpDir, file))) as Record<string, (services: unknown) => Router>;
    for (const [factory, mount] of Object.entries(factories)) {
      const router = mod[factory]!(server.services);
      for (const layer of router.stack as unknown as Layer[]) {
        if (!layer.route) continue;
        const guards = layer.route.stack.map((s) => s.handle.permission).filter((p): p is Permission => p !== undefined);
        for (const method of Object.keys(layer.route.methods)) {
          const path = (mount + layer.route.path).replace(/(.)\/$/, "$1");
          const anyStaff = layer.route.stack.some((s) => s.handle.anyStaff);
          const ownSecurity = layer.route.stack.some((s) => s.handle.ownSecurity);
          calls.push({ method: method.toUpperCase(), path, permission: guards[0] ?? OTHER_STAFF_CALLS[`${method.toUpperCase()} ${path}`], guards: guards.length, anyStaff, ownSecurity });
        }
      }
    }
  }
});
afterAll(() => server.close());

const isStaffCall = (c: StaffCall) => c.path.startsWith("/api/admin/") || `${c.method} ${c.path}` in OTHER_STAFF_CALLS;
const name = (c: StaffCall) => `${c.method} ${c.path}`;
const sample = (path: string) => path.replace(/:\w+/g, "999999").replace(/\/$/, "");

describe("the staff API's route table", () => {
  it("knows where every router file is mounted", () => {
    const files = readdirSync(httpDir).filter((f) => f.endsWith("-router.ts"));
    expect(files.sort()).toEqual(Object.keys(MOUNTS).sort());
  });

  it("gives every staff call exactly one permission, and no other call one", () => {
    const staff = calls.filter(isStaffCall);
    expect(staff.length).toBeGreaterThan(80);
    expect(staff.filter((c) => !c.permission && !c.anyStaff && !c.ownSecurity).map(name)).toEqual([]);
    expect(calls.filter((c) => c.ownSecurity).map(name)).toEqual(OWN_SECURITY_CALLS);
    expect(calls.filter((c) => c.ownSecurity && c.guards > 0).map(name)).toEqual([]);
    expect(calls.filter((c) => c.anyStaff).map(name)).toEqual(ANY_STAFF_CALLS);
    expect(calls.filter((c) => c.anyStaff && c.guards > 0).map(name)).toEqual([]);
    expect(calls.filter((c) => c.guards > 1).map((c) => `${c.method} ${c.path}`)).toEqual([]);
    expect(calls.filter((c) => !isStaffCall(c) && c.guards > 0).map((c) => `${c.method} ${c.path}`)).toEqual([]);
  });

  it("refuses every staff call to a role without its permission (403), and not to the Owner", async () => {
    const owner = await signedInAdmin(server);
    const member = await signedInStaff(server, { permissions: [] });
    const send = (client: typeof owner, c: StaffCall) => {
      const path = sample(c.path);
      if (c.method === "GET") return client.get(path);
      if (c.method === "DELETE") return client.delete(path);
      return c.method === "POST" ? client.post(path, {}) : c.method === "PUT" ? client.put(path, {}) : client.patch(path, {});
    };
    const refused: string[] = [];
    const wronglyRefused: string[] = [];
    for (const permission of PERMISSIONS) {
      // Every permission but this one.
      await server.database.db.update(staffRoles).set({ permissions: PERMISSIONS.filter((p) => p !== permission) }).where(eq(staffRoles.id, member.roleId));
      for (const c of calls.filter((x) => isStaffCall(x) && x.permission === permission)) {
        const res = await send(member.client, c);
        if (res.status !== 403) refused.push(`${c.method} ${c.path} (${permission}): ${res.status}`);
        else expect(res.body.message).toMatch(/doesn't allow this/);
        const ownerRes = await send(owner, c);
        if (ownerRes.status === 403 || ownerRes.status === 401) wronglyRefused.push(`${c.method} ${c.path}: ${ownerRes.status} ${ownerRes.text.slice(0, 120)}`);
      }
    }
    expect(refused).toEqual([]);
    expect(wronglyRefused).toEqual([]);
  });

  it("refuses every report and its CSV to a Fulfilment or Content editor member (403), from the table itself", async () => {
    const reports = calls.filter((c) => c.path.startsWith("/api/admin/reports/"));
    expect(reports.map(name)).toEqual(["sales", "products", "sell-through", "returns", "funnel"].flatMap((r) => [`GET /api/admin/reports/${r}`, `GET /api/admin/reports/${r}.csv`]));
    for (const role of ["fulfilment", "content_editor"] as const) {
      const { client } = await signedInStaff(server, role);
      for (const c of reports) expect((await client.get(c.path)).status, `${role} ${name(c)}`).toBe(403);
    }
  });

  it("lets any staff member search, and shows each only the kinds of results their role allows", async () => {
    const fulfilment = await signedInStaff(server, "fulfilment");
    const editor = await signedInStaff(server, "content_editor");
    const owner = await signedInAdmin(server);
    const q = "/api/admin/search?q=a";
    const all = (await owner.get(q)).body;
    expect(all.products.length).toBeGreaterThan(0);
    const seen = (await fulfilment.client.get(q)).body;
    expect(seen).toMatchObject({ orders: all.orders, products: [], customers: [], content: [] });
    expect((await editor.client.get(q)).body).toMatchObject({ orders: [], products: [], customers: [], content: all.content });
    const shopper = await signedInStaff(server, { permissions: [] });
    await server.database.db.update(users).set({ role: "customer", staffRoleId: null }).where(eq(users.id, shopper.id));
    expect((await shopper.client.get(q)).status).toBe(403);
  });
});

/** Every staff page: its URL (app/routes.ts) and the permission its loader names. */
function staffPages(): { url: string; file: string; permissions: string[] }[] {
  const routes = readFileSync(join(projectRoot, "app/routes.ts"), "utf8");
  const routed = [...routes.matchAll(/route\("(admin[^"]*)", "routes\/(admin-[\w-]+\.tsx)"/g)].map((m) => ({ url: `/${m[1]}`, file: m[2]! }));
  return routed.map(({ url, file }) => {
    const source = readFileSync(join(projectRoot, "app/routes", file), "utf8");
    return { url: url.replace(/:\w+/g, "999999"), file, permissions: [...source.matchAll(/requirePermission\(context, request, "([\w.]+)"\)/g)].map((m) => m[1]!) };
  });
}

describe("the staff pages' guards", () => {
  it("has every staff page's loader name exactly one permission", () => {
    const pages = staffPages();
    expect(pages.length).toBeGreaterThan(20);
    expect(pages.filter((p) => p.permissions.length !== 1 || !(PERMISSIONS as readonly string[]).includes(p.permissions[0]!)).map((p) => p.file)).toEqual([]);
    // Every staff page file is routed (a page nobody can reach is a leftover).
    const files = readdirSync(join(projectRoot, "app/routes")).filter((f) => f.startsWith("admin-") && f !== "admin-layout.tsx");
    expect([...new Set(pages.map((p) => p.file))].sort()).toEqual(files.sort());
  });

  it("shows a staff member without the page's permission a 403 page saying so, shoppers a 404, and the Owner the page", async () => {
    const owner = await signedInAdmin(server);
    const member = await signedInStaff(server, { permissions: [] });
    const wrong: string[] = [];
    for (const page of staffPages()) {
      const permission = page.permissions[0] as Permission;
      await server.database.db.update(staffRoles).set({ permissions: PERMISSIONS.filter((p) => p !== permission) }).where(eq(staffRoles.id, member.roleId));
      const res = await member.client.get(page.url);
      if (res.status !== 403 || !res.text.includes("Not allowed") || !res.text.includes(`Your role (`)) wrong.push(`${page.url} as a member without ${permission}: ${res.status}`);
      const ownerRes = await owner.get(page.url);
      if (ownerRes.status === 403 || ownerRes.status >= 500) wrong.push(`${page.url} as the Owner: ${ownerRes.status}`);
    }
    expect(wrong).toEqual([]);
  });
});
