import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { and, eq, gt, isNull, notInArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { dropPasses, dropProducts, drops, products, variants } from "../../db/schema";
import type { TestServer } from "../../test/test-server";
import type { createApiClient } from "../../test/api-client";
import { signDropPass, type DropPass } from "../drop-pass";

type Client = ReturnType<typeof createApiClient>;
const MINUTE = 60_000;

/** A product in no drop, with a size in stock, for a test's own drop. */
export async function freeProduct(db: Database, skip: number[] = []) {
  const inDrops = (await db.select({ id: dropProducts.productId }).from(dropProducts)).map((r) => r.id);
  const [row] = await db
    .select({ productId: variants.productId, color: variants.color, size: variants.size })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(products.status, "active"), gt(variants.onHand, 5), notInArray(variants.productId, [...inDrops, ...skip, -1])))
    .orderBy(variants.productId)
    .limit(1);
  return row!;
}

/**
 * A drop of one product, its times in minutes from the test clock (negative: already past), put in the index at once.
 * Drops made before are archived, so each test's product is in its drop only.
 */
export async function makeDrop(
  server: TestServer,
  { productId, announce = -120, early = null, opens, closes = 600, admitPerMinute = null, checkoutMinutes = 10 }: { productId: number; announce?: number; early?: number | null; opens: number; closes?: number; admitPerMinute?: number | null; checkoutMinutes?: number },
) {
  const db = server.database.db;
  const at = (minutes: number) => new Date(server.clock.now.getTime() + minutes * MINUTE);
  await db.update(drops).set({ archivedAt: server.clock.now }).where(and(isNull(drops.archivedAt), sql`${drops.slug} <> 'vsop'`));
  const slug = `drop-${Math.random().toString(36).slice(2, 10)}`;
  const [drop] = await db
    .insert(drops)
    .values({ slug, name: "Winter drop", announceAt: at(announce), earlyAccessAt: early === null ? null : at(early), opensAt: at(opens), preorderClosesAt: at(closes), shipsAt: at(closes + 1440), admitPerMinute, checkoutMinutes })
    .returning();
  await db.insert(dropProducts).values({ dropId: drop!.id, productId, position: 0 });
  server.services.catalogChanges.publish({ all: true });
  return drop!;
}

/** What the ALTCHA widget posts: base64 of the challenge it was given and the counter it found. */
export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString("base64");
}

/** A solved challenge for the drop, as a shopper's browser makes it. */
export async function proofFor(client: Client, slug: string): Promise<string> {
  const res = await client.get(`/api/drops/${slug}/challenge`);
  if (res.status !== 200) throw new Error(`challenge: ${res.status} ${res.text}`);
  return solve(res.body as Challenge);
}

export async function joinLine(client: Client, slug: string) {
  return client.post(`/api/drops/${slug}/line`, { proof: await proofFor(client, slug) });
}

/** An early-access pass for the drop, as the early-access link gives one (written and signed like E's). */
export async function earlyPass(server: TestServer, dropId: number, { minutes = 60 } = {}): Promise<string> {
  const now = server.clock.now;
  const expiresAt = new Date(now.getTime() + minutes * MINUTE);
  const [row] = await server.database.db.insert(dropPasses).values({ dropId, kind: "early", joinedAt: now, admitAt: now, expiresAt }).returning({ id: dropPasses.id });
  const pass: DropPass = { kind: "early", dropId, passId: row!.id, admitAt: now, expiresAt };
  return signDropPass(await server.services.drops.passKey(), pass);
}

/** Moves the test clock on by `minutes`. */
export const advance = (server: TestServer, minutes: number) => {
  server.clock.now = new Date(server.clock.now.getTime() + minutes * MINUTE);
};
