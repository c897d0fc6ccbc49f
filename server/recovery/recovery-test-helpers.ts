import { eq } from "drizzle-orm";
import { checkoutRecoveries, recoveryMessages } from "../db/schema";
import type { createApiClient } from "../test/api-client";
import { details } from "../test/checkout-helpers";
import type { TestServer } from "../test/test-server";

type Client = ReturnType<typeof createApiClient>;

export const hoodie = { productId: 2, quantity: 1, size: "M", color: "Default" };

/** A shopper who adds the hoodie, gives their email at checkout (ticking the box or not) and leaves. */
export async function leaveCheckout(shopper: Client, email: string, { consent = true, item = hoodie }: { consent?: boolean; item?: typeof hoodie } = {}) {
  const added = await shopper.post("/api/cart/items", item);
  if (added.status !== 201) throw new Error(`add failed: ${added.status} ${added.text}`);
  const started = await shopper.post("/api/create-payment-intent", { ...details, email, ...(consent ? { marketingConsent: true } : {}) });
  if (started.status !== 200) throw new Error(`checkout failed: ${started.status} ${started.text}`);
  return started.body as { paymentIntentId: string; clientSecret: string; orderNumber: string };
}

/** Moves the store's clock on by `minutes` and runs the minute job once (no job queue in these tests: it sends inline). */
export async function later(server: TestServer, minutes: number) {
  server.clock.now = new Date(server.clock.now.getTime() + minutes * 60_000);
  return server.services.recovery.sweep();
}

/** Every decision recorded for an address's checkout, as "step:outcome[:reason]". */
export async function decisionsFor(server: TestServer, email: string): Promise<string[]> {
  const rows = await server.database.db
    .select({ step: recoveryMessages.step, outcome: recoveryMessages.outcome, reason: recoveryMessages.reason })
    .from(recoveryMessages)
    .innerJoin(checkoutRecoveries, eq(checkoutRecoveries.id, recoveryMessages.recoveryId))
    .where(eq(checkoutRecoveries.email, email))
    .orderBy(recoveryMessages.id);
  return rows.map((r) => [r.step, r.outcome, r.reason].filter(Boolean).join(":"));
}

/** The restore link in an email's plain text. */
export const restoreLinkIn = (text: string) => /https?:\/\/\S+\/api\/cart\/restore\/[^\s)]+/.exec(text)?.[0] ?? null;
