import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cartItems, dropPasses, variants } from "../../db/schema";
import { createApiClient } from "../../test/api-client";
import { startTestServer, type TestServer } from "../../test/test-server";
import { dropPassCookie } from "../drop-pass";
import { advance, freeProduct, joinLine, makeDrop, proofFor, solve } from "./gate-test-helpers";

let server: TestServer;
let item: { productId: number; color: string; size: string };
beforeAll(async () => {
  server = await startTestServer();
  item = await freeProduct(server.database.db);
});
afterAll(() => server?.close());
// A day apart: each test's rate-limit windows and drops are its own.
beforeEach(() => advance(server, 1440));

const LOST = "Your place in line could not be read. Join the line again.";
const lineDrop = (admitPerMinute = 2) => makeDrop(server, { productId: item.productId, announce: -120, opens: -90, admitPerMinute, checkoutMinutes: 10 });
const shoppers = (n: number) => Array.from({ length: n }, () => createApiClient(server.url));
const passes = (dropId: number) => server.database.db.select().from(dropPasses).where(eq(dropPasses.dropId, dropId)).orderBy(asc(dropPasses.seq));

describe("the waiting room (issue 48)", () => {
  it("lets joiners in first come, first served at the set rate, and shows each one's place and wait as the clock moves", async () => {
    const drop = await lineDrop(2);
    const line = shoppers(5);
    const joined = [];
    for (const shopper of line) joined.push((await joinLine(shopper, drop.slug)).body);
    expect(joined.map((j) => [j.place, j.waitSeconds, j.admitted])).toEqual([
      [0, 0, true],
      [1, 30, false],
      [2, 60, false],
      [3, 90, false],
      [4, 120, false],
    ]);
    expect(Date.parse(joined[1].expiresAt) - Date.parse(joined[1].admitAt)).toBe(10 * 60_000);

    server.clock.now = new Date(server.clock.now.getTime() + 45_000);
    const now = await Promise.all(line.map((s) => s.get(`/api/drops/${drop.slug}/line`)));
    expect(now.map((r) => [r.status, r.body.place, r.body.waitSeconds, r.body.admitted])).toEqual([
      [200, 0, 0, true],
      [200, 0, 0, true],
      [200, 1, 15, false],
      [200, 2, 45, false],
      [200, 3, 75, false],
    ]);
    expect(now[0]!.headers.get("cache-control")).toBe("no-store");
  });

  it("admits within one of the set rate in every minute while arrivals exceed it", async () => {
    const drop = await lineDrop(2);
    // 18 arrivals, one every 10 s (six a minute against two admitted a minute).
    for (const shopper of shoppers(18)) {
      expect((await joinLine(shopper, drop.slug)).status).toBe(200);
      server.clock.now = new Date(server.clock.now.getTime() + 10_000);
    }
    const admits = (await passes(drop.id)).map((p) => p.admitAt.getTime());
    expect(admits).toEqual([...admits].sort((a, b) => a - b));
    for (let start = admits[0]!; start + 60_000 <= admits.at(-1)!; start += 15_000) {
      const inMinute = admits.filter((t) => t >= start && t < start + 60_000).length;
      expect(Math.abs(inMinute - 2)).toBeLessThanOrEqual(1);
    }
  });

  it("lets arrivals under the rate straight in", async () => {
    const drop = await lineDrop(2);
    for (const shopper of shoppers(3)) {
      expect((await joinLine(shopper, drop.slug)).body).toMatchObject({ place: 0, waitSeconds: 0, admitted: true });
      advance(server, 1);
    }
  });

  it("keeps a visitor's place on a refresh or a second join, rather than giving a new one", async () => {
    const drop = await lineDrop(2);
    const [first, second] = shoppers(2);
    await joinLine(first!, drop.slug);
    const joined = await joinLine(second!, drop.slug);
    expect(joined.body.place).toBe(1);
    const again = await joinLine(second!, drop.slug);
    expect(again.body).toEqual(joined.body);
    expect((await second!.get(`/api/drops/${drop.slug}/line`)).body).toEqual(joined.body);
    expect(await passes(drop.id)).toHaveLength(2);
    // The cookie: HttpOnly, SameSite=Lax, kept until the pass expires.
    const cookie = again.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(new RegExp(`^${dropPassCookie(drop.id)}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=630/);
  });

  it("answers 404 for a missing, forged or other drop's pass, and 409 once it has run out", async () => {
    const other = await lineDrop(2);
    const otherShopper = createApiClient(server.url);
    await joinLine(otherShopper, other.slug);
    const drop = await makeDrop(server, { productId: (await freeProduct(server.database.db, [item.productId])).productId, announce: -120, opens: -90, admitPerMinute: 2, checkoutMinutes: 3 });

    const none = await createApiClient(server.url).get(`/api/drops/${drop.slug}/line`);
    expect([none.status, none.body.message]).toEqual([404, LOST]);

    const forged = createApiClient(server.url);
    forged.jar.set(dropPassCookie(drop.id), otherShopper.jar.get(dropPassCookie(other.id))!.replace(/^l\d+/, `l${drop.id}`));
    expect((await forged.get(`/api/drops/${drop.slug}/line`)).body.message).toBe(LOST);
    forged.jar.set(dropPassCookie(drop.id), "l1.garbage");
    expect((await forged.get(`/api/drops/${drop.slug}/line`)).status).toBe(404);

    const shopper = createApiClient(server.url);
    await joinLine(shopper, drop.slug);
    advance(server, 4);
    const expired = await shopper.get(`/api/drops/${drop.slug}/line`);
    expect([expired.status, expired.body.message]).toEqual([409, "Your time to check out has run out; join the line again."]);
    // Joining again takes a new place.
    const rejoined = await joinLine(shopper, drop.slug);
    expect(rejoined.body).toMatchObject({ admitted: true, place: 0 });
  });

  it("is open only while the drop is open and has a line", async () => {
    const before = await makeDrop(server, { productId: item.productId, announce: -10, opens: 30, admitPerMinute: 2 });
    const early = await createApiClient(server.url).post(`/api/drops/${before.slug}/line`, { proof: "x" });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/^Winter drop opens on /);

    // A drop without a line has no line to join once its opening hour of browser checks is over.
    const noLine = await makeDrop(server, { productId: item.productId, announce: -120, opens: -65 });
    const refused = await createApiClient(server.url).post(`/api/drops/${noLine.slug}/line`, { proof: "x" });
    expect([refused.status, refused.body.message]).toEqual([409, "Winter drop has no line: add its pieces to your cart on their pages."]);

    expect((await createApiClient(server.url).post("/api/drops/no-such-drop/line", { proof: "x" })).status).toBe(404);
    expect((await createApiClient(server.url).get("/api/drops/no-such-drop/challenge")).status).toBe(404);
  });
});

describe("the proof of work", () => {
  it("counts a solution once", async () => {
    const drop = await lineDrop(2);
    const proof = await proofFor(createApiClient(server.url), drop.slug);
    expect((await createApiClient(server.url).post(`/api/drops/${drop.slug}/line`, { proof })).status).toBe(200);
    const reused = await createApiClient(server.url).post(`/api/drops/${drop.slug}/line`, { proof });
    expect([reused.status, reused.body.message]).toEqual([400, "This challenge was already used. Solve a new one."]);
  });

  it("refuses an unsolved, forged or other drop's solution and malformed bodies with a 400, never a 500", async () => {
    const client = createApiClient(server.url);
    const other = await lineDrop(2);
    const othersChallenge = (await client.get(`/api/drops/${other.slug}/challenge`)).body;
    const drop = await makeDrop(server, { productId: (await freeProduct(server.database.db, [item.productId])).productId, announce: -120, opens: -90, admitPerMinute: 2 });
    const challenge = (await client.get(`/api/drops/${drop.slug}/challenge`)).body;
    const solved = JSON.parse(Buffer.from(await solve(challenge), "base64").toString());
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");
    const wrongCounter = encode({ ...solved, solution: { ...solved.solution, counter: solved.solution.counter + 1, derivedKey: "00".repeat(32) } });
    const easier = encode({ ...solved, challenge: { ...solved.challenge, parameters: { ...solved.challenge.parameters, keyPrefix: "0" } } });
    const bodies: unknown[] = [
      { proof: wrongCounter },
      { proof: easier },
      { proof: encode({ challenge: null, solution: null, test: true }) },
      { proof: "not base64 at all!" },
      { proof: encode("a string") },
      { proof: "" },
      { proof: 5 },
      { proof: "x", extra: 1 },
      {},
      [],
      "text",
      null,
    ];
    for (const body of bodies) {
      const res = await client.post(`/api/drops/${drop.slug}/line`, body);
      expect([res.status, typeof res.body.message], JSON.stringify(body)).toEqual([400, "string"]);
    }
    const broken = await client.post(`/api/drops/${drop.slug}/line`, "{", { "content-type": "application/json" });
    expect(broken.status).toBe(400);
    expect((await client.post("/api/drops/NOT_A_SLUG/line", { proof: "x" })).status).toBe(400);
    // A solution of one drop's challenge does not join another's line.
    const elsewhere = await client.post(`/api/drops/${drop.slug}/line`, { proof: await solve(othersChallenge) });
    expect([elsewhere.status, elsewhere.body.message]).toEqual([400, "The browser check was not solved. Solve a new one."]);
    expect(await passes(drop.id)).toHaveLength(0);
  });

  it("in a drop's opening hour without a line, a script of 50 adds that skips the challenge puts no drop piece in any cart", async () => {
    const drop = await makeDrop(server, { productId: item.productId, announce: -60, opens: -1 });
    const bots = shoppers(50);
    const answers = [];
    for (const bot of bots) answers.push(await bot.post("/api/cart/items", { ...item, quantity: 1 }, { "X-Drop-Proof": Math.random() > 0.5 ? "forged" : "" }));
    expect(answers.every((a) => a.status === 400 || a.status === 429)).toBe(true);
    expect(answers.filter((a) => a.status === 400)[0]!.body.message).toMatch(/browser check/);
    const dropVariants = (await server.database.db.select({ id: variants.id }).from(variants).where(eq(variants.productId, item.productId))).map((v) => v.id);
    expect(await server.database.db.select().from(cartItems).where(inArray(cartItems.variantId, dropVariants))).toHaveLength(0);

    // A shopper whose browser solved it adds (a minute later: the bots used up this address's minute).
    advance(server, 1);
    const shopper = createApiClient(server.url);
    const proof = await proofFor(shopper, drop.slug);
    expect((await shopper.post("/api/cart/items", { ...item, quantity: 1 }, { "X-Drop-Proof": proof })).status).toBe(201);
    expect((await shopper.post("/api/cart/items", { ...item, quantity: 1 }, { "X-Drop-Proof": proof })).body.message).toBe("This challenge was already used. Solve a new one.");
    // Or solves it once on the drop's page, which lets them in at once: their adds then need no header.
    const visitor = createApiClient(server.url);
    const joined = await joinLine(visitor, drop.slug);
    expect(joined.body).toMatchObject({ place: 0, admitted: true, waitSeconds: 0 });
    expect((await visitor.post("/api/cart/items", { ...item, quantity: 1 })).status).toBe(201);
    // After the opening hour no challenge is asked.
    advance(server, 60);
    expect((await createApiClient(server.url).post("/api/cart/items", { ...item, quantity: 1 })).status).toBe(201);
  });
});

describe("joins at the same instant", () => {
  it("get distinct admission slots, in the order of their passes", async () => {
    const drop = await lineDrop(6);
    const line = shoppers(12);
    const proofs = await Promise.all(line.map((s) => proofFor(s, drop.slug)));
    const answers = await Promise.all(line.map((s, i) => s.post(`/api/drops/${drop.slug}/line`, { proof: proofs[i] })));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(answers.map((a) => a.body.place).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const rows = await passes(drop.id);
    const start = server.clock.now.getTime();
    expect(rows.map((r) => r.admitAt.getTime() - start)).toEqual(rows.map((_, i) => i * 10_000));
  });
});
