import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkoutDetailsSchema } from "../orders/checkout-schemas";
import { fuzzBodies, fuzzServer, rowCounts, RUNS, urlPiece } from "../test/fuzz-kit";
import { recoverySettingsSchema } from "./recovery-settings";

const ctx = fuzzServer();

describe("fuzzing checkout recovery's calls with bad input", () => {
  fuzzBodies(ctx, [["POST", "/api/create-payment-intent", checkoutDetailsSchema, { email: "a@b.co", name: "A", address: {}, marketingConsent: true }]], "shopper");
  fuzzBodies(ctx, [["PUT", "/api/admin/recovery/settings", recoverySettingsSchema, { audience: "consented", firstDelayMinutes: 60, secondDelayMinutes: 1440, discountCode: null }]], "staff");

  it(`GET /api/cart/restore/{token}: ${RUNS} tokens this store never signed, never a 5xx, never a written row`, async () => {
    const before = await rowCounts(ctx.server);
    const tokens = fc.oneof(
      urlPiece,
      fc.tuple(fc.uuid(), fc.constantFrom("1", "2", "3", "0"), fc.integer({ min: 0, max: 2 ** 40 }), fc.string({ minLength: 43, maxLength: 43 })).map(([id, step, exp, sig]) => encodeURIComponent(`${id}.${step}.${exp}.${sig}`)),
    );
    await fc.assert(
      fc.asyncProperty(tokens, async (token) => {
        const res = await fetch(`${ctx.server.url}/api/cart/restore/${token}`, { redirect: "manual" });
        expect(res.status, token).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
    expect(await rowCounts(ctx.server)).toEqual(before);
  });
});
