import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { z } from "zod";
import { rowsOf } from "../db/rows";
import { registerShopper } from "./accounts-helpers";
import { signedInAdmin } from "./admin-helpers";
import { createApiClient } from "./api-client";
import { startTestServer, type TestServer } from "./test-server";

/**
 * The fuzz tests' shared parts (server/http/fuzz*.test.ts): bad input for every /api call must be a 4xx that writes
 * nothing. 100 inputs per call by default, 1,000 with `npm run test:fuzz` (decision 0028); the calls are split over
 * files so that the full budget runs on every worker.
 */
export const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

/** A call and a valid body for it: the fuzzer sends near-misses of the body and anything else JSON can say. */
export type BodyCase = [method: string, path: string, schema: z.ZodType, valid: Record<string, unknown>];

type Client = ReturnType<typeof createApiClient>;

/** One server per fuzz file, with a signed-in shopper (holding a cart) and a signed-in admin. */
export function fuzzServer() {
  const ctx = {} as { server: TestServer; shopper: Client; staff: Client };
  beforeAll(async () => {
    ctx.server = await startTestServer();
    ctx.shopper = createApiClient(ctx.server.url);
    await registerShopper(ctx.shopper);
    ctx.staff = await signedInAdmin(ctx.server);
    await ctx.shopper.post("/api/cart/items", { productId: 4, quantity: 1, color: "Black", size: "M" });
  });
  afterAll(() => ctx.server?.close());
  return ctx;
}

/** Every table's row count: bad input must not write anything. */
export async function rowCounts(server: TestServer) {
  const tables = rowsOf<{ tablename: string }>(await server.database.db.execute(sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'auth_attempts'`));
  const counts: Record<string, number> = {};
  for (const { tablename } of tables) {
    counts[tablename] = rowsOf<{ n: number }>(await server.database.db.execute(sql.raw(`select count(*)::int as n from "${tablename}"`)))[0]!.n;
  }
  return counts;
}

/**
 * Text a database or a decoder chokes on (issue 32): NUL (PostgreSQL's text cannot hold it), other control characters,
 * unpaired UTF-16 surrogates, somewhere in otherwise ordinary text.
 */
export const awkwardString = fc
  .tuple(fc.string({ maxLength: 20 }), fc.constantFrom("\u0000", "\u0001", "\u0007", "\u001b", "\u007f", "\ud800", "\udfff", "\uffff"), fc.string({ maxLength: 20 }))
  .map(([before, odd, after]) => `${before}${odd}${after}`);

/** A path segment or query value as sent: percent-encoded text (awkward or not), or malformed percent-encoding. */
export const urlPiece = fc.oneof(
  // Never a lone "." or "..": a dot segment (escaped or not) is resolved by the client into another address before it is sent.
  fc
    .oneof(fc.string({ maxLength: 40 }), awkwardString)
    .filter((s) => !/^\.{1,2}$/.test(s))
    .map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/gu, "\uFFFD"))),
  fc.constantFrom("%00", "a%00b", "%C3%28", "%ED%A0%80", "%FF", "%C0%AF", "%", "%2", "%ZZ", "%%", "%E2%82"),
);

/** Anything JSON can say, plus near-misses of the real payload (wrong types, out-of-range numbers, extra fields). */
const jsonValue = fc.jsonValue({ maxDepth: 3 });
const nearMiss = (valid: Record<string, unknown>) =>
  fc.record(Object.fromEntries(Object.keys(valid).map((k) => [k, fc.oneof(jsonValue, fc.constant(valid[k]), fc.integer(), fc.string({ maxLength: 300 }))]))).chain((r) =>
    fc.oneof(fc.constant(r), fc.record({ extra: jsonValue }).map((e) => ({ ...r, ...e }))),
  );

/** The valid payload with one of its text fields holding awkward text: valid to its schema, refused all the same. */
const withAwkwardText = (valid: Record<string, unknown>) => {
  const keys = Object.keys(valid).filter((k) => typeof valid[k] === "string");
  return keys.length === 0 ? null : fc.tuple(fc.constantFrom(...keys), awkwardString.filter((s) => /[\0\uD800-\uDFFF]/u.test(s))).map(([k, text]) => ({ ...valid, [k]: text }));
};

function invalidFor(schema: z.ZodType, valid: Record<string, unknown>) {
  const invalid = fc.oneof(jsonValue, nearMiss(valid)).filter((v) => !schema.safeParse(v).success);
  const awkward = withAwkwardText(valid);
  return awkward ? fc.oneof(invalid, awkward) : invalid;
}

/** One test per call: RUNS invalid bodies from `who`, never a 5xx, never a written row. */
export function fuzzBodies(ctx: ReturnType<typeof fuzzServer>, cases: BodyCase[], who: "shopper" | "staff") {
  it.each(cases)(`%s %s: ${RUNS} invalid bodies, never a 5xx, never a written row`, async (method, path, schema, valid) => {
    const before = await rowCounts(ctx.server);
    const client = ctx[who];
    await fc.assert(
      fc.asyncProperty(invalidFor(schema, valid), async (body) => {
        const res = await (method === "POST" ? client.post(path, JSON.stringify(body)) : method === "PUT" ? client.put(path, JSON.stringify(body)) : client.patch(path, JSON.stringify(body)));
        expect(res.status, `${method} ${path} ${JSON.stringify(body).slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
    expect(await rowCounts(ctx.server)).toEqual(before);
  });
}
