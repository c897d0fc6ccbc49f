// npm run bench:drop's preparation, as staff would do it: a bench Owner (npm run admin:create with a TOTP secret),
// signed in with a code; two products with a few units of each size; the drop made through POST /api/admin/drops.
import { spawn } from "node:child_process";
import { generate } from "otplib";
import { Visitor } from "./bench-drop-visitor.mjs";

const STAFF = { username: "bench-drop-staff", email: "bench-drop-staff@example.com", password: "bench lantern quartz 4471 harbor", totpSecret: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ" };

/** The bench Owner, made (or made again) in the store's database: beside a running PGlite store, over its control socket. */
async function createStaff(env) {
  const args = ["run", "--silent", "admin:create", "--", "--username", STAFF.username, "--email", STAFF.email, "--totp-secret", STAFF.totpSecret];
  const child = spawn("npm", args, { env: { ...process.env, ...env, ADMIN_PASSWORD: STAFF.password, LOG_LEVEL: "warn" }, stdio: ["ignore", "ignore", "inherit"] });
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`npm run admin:create failed (${code})`);
}

/** A signed-in staff session: the password, then a code from the enrolled TOTP secret. */
export async function signInStaff(url, env) {
  await createStaff(env);
  const staff = new Visitor(url, "127.0.0.1");
  const login = await staff.post("/api/auth/login", { username: STAFF.username, password: STAFF.password });
  if (login.status !== 200) throw new Error(`staff sign-in: ${login.status} ${JSON.stringify(login.body)}`);
  const verify = await staff.post("/api/admin/security/verify", { code: await generate({ secret: STAFF.totpSecret }), purpose: "sign-in" });
  if (verify.status !== 200) throw new Error(`staff second factor: ${verify.status} ${JSON.stringify(verify.body)}`);
  return staff;
}

/**
 * `count` active products in no drop (a kept PostgreSQL database holds earlier runs' drops), of at least 4 sizes, fewest
 * first, each size given `stock` units: the drop's whole run, small enough that sizes sell out. Answers each variant
 * with its stock.
 */
export async function stockDropProducts(staff, { count, stock }) {
  const listed = (await staff.get("/api/products?limit=60")).body;
  const free = listed.filter((p) => !p.preorder && (p.drops ?? []).length === 0);
  const detailed = await Promise.all(free.map(async (p) => (await staff.get(`/api/admin/products/${p.id}`)).body));
  const chosen = detailed
    .map((p) => p.product ?? p)
    .filter((p) => p.variants?.length >= 4)
    .sort((a, b) => a.variants.length - b.variants.length)
    .slice(0, count);
  if (chosen.length < count) throw new Error(`only ${chosen.length} products in no drop`);
  const variants = [];
  for (const product of chosen) {
    for (const v of product.variants) {
      const res = await staff.request("PATCH", `/api/admin/variants/${v.id}`, { json: { onHand: stock } });
      if (res.status !== 200) throw new Error(`stock of variant ${v.id}: ${res.status} ${JSON.stringify(res.body)}`);
      variants.push({ id: v.id, productId: product.id, color: v.color, size: v.size, stock });
    }
  }
  return variants;
}

/** The drop, through the staff API (issue 48's body): announced now, opening `leadMs` from now, with a line and limits. */
export async function createDrop(staff, { productIds, leadMs, admitPerMinute, limits }) {
  const now = Date.now();
  const iso = (ms) => new Date(ms).toISOString();
  const body = {
    name: "Bench drop",
    slug: `bench-drop-${now.toString(36)}`,
    productIds,
    announceAt: iso(now - 60_000),
    opensAt: iso(now + leadMs),
    preorderClosesAt: iso(now + 86_400_000),
    shipsAt: iso(now + 2 * 86_400_000),
    perCustomerLimit: limits,
    freeShipping: true,
    admitPerMinute,
    checkoutMinutes: 10,
  };
  const res = await staff.post("/api/admin/drops", body);
  if (res.status !== 201) throw new Error(`POST /api/admin/drops: ${res.status} ${JSON.stringify(res.body)}`);
  const drop = res.body.drop ?? res.body;
  return { id: drop.id, slug: body.slug, opensAt: Date.parse(body.opensAt) };
}
