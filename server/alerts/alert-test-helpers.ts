import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { authAttempts, stockAlerts, variants } from "../db/schema";
import type { MailMessage } from "../mail/mailer";
import type { createApiClient } from "../test/api-client";
import type { TestServer } from "../test/test-server";

type Client = ReturnType<typeof createApiClient>;

export async function variantIdOf(db: Database, productId: number, color: string, size: string): Promise<number> {
  const [row] = await db.select({ id: variants.id }).from(variants).where(and(eq(variants.productId, productId), eq(variants.color, color), eq(variants.size, size)));
  return row!.id;
}

/** On hand and nothing reserved (tests start each variant from a known state). */
export async function setStock(db: Database, variantId: number, onHand: number) {
  await db.update(variants).set({ onHand, reserved: 0 }).where(eq(variants.id, variantId));
}

export async function alertRow(db: Database, email: string, variantId: number | null) {
  const [row] = await db
    .select()
    .from(stockAlerts)
    .where(and(eq(sql`lower(${stockAlerts.email})`, email.toLowerCase()), variantId === null ? sql`${stockAlerts.variantId} is null` : eq(stockAlerts.variantId, variantId)));
  return row;
}

/** Rate limits start from zero for each test. */
export const clearAttempts = (db: Database) => db.delete(authAttempts);

export const mailsTo = (server: TestServer, to: string) => server.mailer.sent.filter((m) => m.to === to);
export const backInStockMails = (server: TestServer, to?: string) => server.mailer.sent.filter((m) => /^(Back in stock|.+ is back in stock$)/.test(m.subject) && (!to || m.to === to));

/** The token in the newest confirmation link mailed to `to`. */
export function confirmTokenFor(server: TestServer, to: string): string {
  const mail = mailsTo(server, to).filter((m: MailMessage) => /^Confirm your (back-in-stock alert|place on the .+ waitlist)/.test(m.subject)).at(-1);
  const token = mail?.text.match(/\/alerts\/confirm#token=([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error(`no confirmation link mailed to ${to}`);
  return token;
}

/** Signs up and follows the emailed link: an active alert. */
export async function activeAlert(server: TestServer, client: Client, { variantId, email }: { variantId: number | null; email: string }) {
  const signUp = variantId === null ? await client.post("/api/stock-alerts/waitlist", { email }) : await client.post("/api/stock-alerts", { variantId, email });
  if (signUp.status !== 202) throw new Error(`sign-up failed: ${signUp.status} ${signUp.text}`);
  const confirmed = await client.post("/api/stock-alerts/confirm", { token: confirmTokenFor(server, email) });
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${confirmed.status} ${confirmed.text}`);
  // Confirming kicks the sender in the background: a test that changes stock next must not race that run.
  await server.services.alerts.settled();
}
