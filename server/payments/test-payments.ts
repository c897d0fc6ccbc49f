import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { AppError } from "../errors";
import { judgeCard } from "./test-cards";
import { withDeps } from "../with-deps";
import type { PaymentProvider } from "./payment-provider";
import type { TestPaymentProvider } from "./test-provider";

export const confirmTestPaymentSchema = z
  .object({
    clientSecret: z.string().min(1).max(200),
    cardNumber: z.string().max(30),
    expiry: z.string().max(10),
    cvc: z.string().max(6),
    nameOnCard: z.string().max(100).optional(),
  })
  .strict();

export const authenticateTestPaymentSchema = z.object({ clientSecret: z.string().min(1).max(200), outcome: z.enum(["complete", "fail"]) }).strict();

export interface TestPaymentResult {
  status: "succeeded" | "requires_action";
  /** Where the browser goes next for the authentication step. */
  redirectUrl?: string;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

async function openIntent(provider: TestPaymentProvider, intentId: string, clientSecret: string) {
  // Only "no such payment" reads as not found; a database that is down stays an error (a 503 the shopper may retry).
  const intent = await provider.retrievePaymentIntent(intentId).catch((err: unknown) => {
    if (err instanceof AppError && err.code === "not_found") return null;
    throw err;
  });
  if (!intent || !sameSecret(intent.clientSecret, clientSecret)) throw new AppError("not_found", "Payment not found");
  if (intent.status === "canceled") throw new AppError("conflict", "This payment was canceled. Please start checkout again.");
  return intent;
}

/**
 * Pays with a test card: succeeds, declines (402 with the card's message) or asks for authentication. The order hears
 * of it only through the provider's event (test-provider.ts), as it would from Stripe.
 */
export async function confirmTestPayment(deps: { now: () => Date; provider: TestPaymentProvider; intentId: string; card: z.infer<typeof confirmTestPaymentSchema> }): Promise<TestPaymentResult> {
  const { provider, intentId, card } = deps;
  const intent = await openIntent(provider, intentId, card.clientSecret);
  if (intent.status === "succeeded") return { status: "succeeded" };
  const outcome = judgeCard({ number: card.cardNumber, expiry: card.expiry, cvc: card.cvc }, deps.now());
  if (outcome.kind === "invalid") throw new AppError("payment_failed", outcome.message);
  if (outcome.kind === "declined") {
    await provider.setIntentStatus(intentId, "requires_payment_method", outcome.message);
    throw new AppError("payment_failed", outcome.message);
  }
  if (outcome.kind === "requires_action") {
    await provider.setIntentStatus(intentId, "requires_action");
    const params = new URLSearchParams({ payment_intent: intentId, payment_intent_client_secret: intent.clientSecret });
    return { status: "requires_action", redirectUrl: `/checkout/authenticate?${params}` };
  }
  await provider.setIntentStatus(intentId, "succeeded");
  return { status: "succeeded" };
}

/** The authentication step (like 3-D Secure): completing it pays, failing it declines. */
export async function authenticateTestPayment(deps: { provider: TestPaymentProvider; intentId: string; clientSecret: string; outcome: "complete" | "fail" }): Promise<{ status: "succeeded"; redirectUrl: string }> {
  const { provider, intentId } = deps;
  const intent = await openIntent(provider, intentId, deps.clientSecret);
  const redirectUrl = `/checkout/success?payment_intent=${encodeURIComponent(intentId)}`;
  if (intent.status === "succeeded") return { status: "succeeded", redirectUrl };
  if (intent.status !== "requires_action") throw new AppError("conflict", "This payment is not waiting for authentication");
  if (deps.outcome === "fail") {
    const message = "We are unable to authenticate your payment method. Please choose a different payment method and try again.";
    await provider.setIntentStatus(intentId, "requires_payment_method", message);
    throw new AppError("payment_failed", message);
  }
  await provider.setIntentStatus(intentId, "succeeded");
  return { status: "succeeded", redirectUrl };
}

/** The built-in provider's card form (confirm, then authenticate when the card asks); null when Stripe takes payments. */
export function createTestPaymentsService({ payments, now }: { payments: PaymentProvider; now: () => Date }) {
  if (payments.name !== "test") return null;
  const provider = payments as TestPaymentProvider;
  return {
    confirm: withDeps({ now, provider }, confirmTestPayment),
    authenticate: withDeps({ provider }, authenticateTestPayment),
  };
}
