import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApiClient } from "../../test/api-client";
import { details } from "../../test/checkout-helpers";
import { startTestServer, type TestServer } from "../../test/test-server";
import { dropPassCookie } from "../drop-pass";
import { advance, earlyPass, freeProduct, joinLine, makeDrop } from "./gate-test-helpers";

let server: TestServer;
let item: { productId: number; color: string; size: string };
beforeAll(async () => {
  server = await startTestServer();
  item = await freeProduct(server.database.db);
});
afterAll(() => server?.close());
// A day apart: each test's rate-limit windows and drops are its own.
beforeEach(() => advance(server, 1440));

const add = (client: ReturnType<typeof createApiClient>, quantity = 1) => client.post("/api/cart/items", { ...item, quantity });

describe("the clock's rule at add-to-cart (issue 48)", () => {
  it("refuses a drop's piece before it opens, naming the opening time", async () => {
    const drop = await makeDrop(server, { productId: item.productId, announce: -10, opens: 90 });
    const res = await add(createApiClient(server.url));
    expect(res.status).toBe(409);
    const opens = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(drop.opensAt);
    expect(res.body.message).toContain(`Winter drop opens on ${opens}`);
    expect(res.body.message).toContain("can't be bought before then");
  });

  it("in early access, sells only to a holder of an admitted early pass of that drop", async () => {
    const drop = await makeDrop(server, { productId: item.productId, announce: -30, early: -5, opens: 60 });
    const stranger = createApiClient(server.url);
    expect((await add(stranger)).status).toBe(409);

    const invited = createApiClient(server.url);
    invited.jar.set(dropPassCookie(drop.id), await earlyPass(server, drop.id));
    expect((await add(invited)).status).toBe(201);

    // Another drop's pass, or a forged one, is no pass.
    const other = createApiClient(server.url);
    other.jar.set(dropPassCookie(drop.id), (await earlyPass(server, drop.id)).replace(/^e\d+/, `e${drop.id + 1000}`));
    expect((await add(other)).status).toBe(409);
  });

  it("with a waiting room, sells to an admitted pass only, and not once it has expired", async () => {
    const drop = await makeDrop(server, { productId: item.productId, announce: -120, opens: -90, admitPerMinute: 2, checkoutMinutes: 10 });
    const shopper = createApiClient(server.url);
    const refused = await add(shopper);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Join the line for Winter drop on its page first.");

    const joined = await joinLine(shopper, drop.slug);
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ place: 0, waitSeconds: 0, admitted: true });
    expect((await add(shopper)).status).toBe(201);

    // The second in line is not let in yet (30 s at 2 a minute).
    const second = createApiClient(server.url);
    expect((await joinLine(second, drop.slug)).body).toMatchObject({ place: 1, waitSeconds: 30, admitted: false });
    expect((await add(second)).body.message).toMatch(/isn't your turn/);

    advance(server, 11);
    const late = await add(shopper);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("Your time to check out for Winter drop has run out; join the line again.");
    expect((await server.services.drops.gate.readLine({ slug: drop.slug, passToken: shopper.jar.get(dropPassCookie(drop.id))! }).catch((e: Error) => e.message))).toBe(
      "Your time to check out has run out; join the line again.",
    );
  });

  it("refuses a drop's piece once pre-orders have closed", async () => {
    await makeDrop(server, { productId: item.productId, announce: -300, opens: -200, closes: -1 });
    const res = await add(createApiClient(server.url));
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Pre-orders for Winter drop closed on /);
  });
});

describe("the clock's rule at checkout", () => {
  it("refuses a drop line put in the cart before the drop closed, at the quote and the payment; a lower quantity is allowed", async () => {
    await makeDrop(server, { productId: item.productId, announce: -300, opens: -200, closes: 5 });
    const shopper = createApiClient(server.url);
    const added = await add(shopper, 2);
    expect(added.status).toBe(201);
    expect((await shopper.post("/api/checkout/quote", {})).status).toBe(200);

    advance(server, 6);
    const quote = await shopper.post("/api/checkout/quote", {});
    expect(quote.status).toBe(409);
    expect(quote.body.message).toMatch(/^Pre-orders for Winter drop closed on /);
    const pay = await shopper.post("/api/create-payment-intent", { ...details, amount: 0.01 });
    expect(pay.status).toBe(409);
    expect(pay.body.message).toMatch(/^Pre-orders for Winter drop closed on /);

    const lineId = added.body.items[0].id;
    expect((await shopper.patch(`/api/cart/items/${lineId}`, { quantity: 3 })).status).toBe(409);
    expect((await shopper.patch(`/api/cart/items/${lineId}`, { quantity: 1 })).status).toBe(200);
  });

  it("refuses a line from the waiting room's window once its pass has run out", async () => {
    const drop = await makeDrop(server, { productId: item.productId, announce: -120, opens: -90, admitPerMinute: 5, checkoutMinutes: 5 });
    const shopper = createApiClient(server.url);
    expect((await joinLine(shopper, drop.slug)).body.admitted).toBe(true);
    expect((await add(shopper)).status).toBe(201);
    expect((await shopper.post("/api/checkout/quote", {})).status).toBe(200);
    advance(server, 6);
    const pay = await shopper.post("/api/create-payment-intent", { ...details, amount: 0.01 });
    expect(pay.status).toBe(409);
    expect(pay.body.message).toMatch(/run out; join the line again/);
  });
});
