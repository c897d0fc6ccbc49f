import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { createFakeStripeTax, decodeForm } from "./fake-stripe-tax";

interface FakeIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { message: string } | null;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString());
}

/**
 * A local stand-in for the Stripe endpoints the adapters call (create, retrieve and cancel a PaymentIntent, create a
 * refund; Stripe Tax's calculations, transactions and reversals in ./fake-stripe-tax.ts), so the Stripe providers are
 * tested offline through the real SDK.
 */
export async function startFakeStripe() {
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, string>();
  const refunds: string[] = [];
  const tax = createFakeStripeTax();
  let counter = 0;
  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? "/", "http://fake");
    const form = req.method === "POST" ? await readForm(req) : new URLSearchParams();
    if (req.method === "POST" && url.pathname === "/v1/payment_intents") {
      const key = String(req.headers["idempotency-key"] ?? "");
      const existing = key && byIdempotencyKey.get(key);
      if (existing) return send(200, intents.get(existing));
      const id = `pi_fake_${String(++counter).padStart(14, "0")}`;
      const metadata = Object.fromEntries([...form].filter(([k]) => k.startsWith("metadata[")).map(([k, v]) => [k.slice(9, -1), v]));
      const intent: FakeIntent = { id, object: "payment_intent", amount: Number(form.get("amount")), currency: form.get("currency") ?? "usd", status: "requires_payment_method", client_secret: `${id}_secret_fake`, metadata, last_payment_error: null };
      intents.set(id, intent);
      if (key) byIdempotencyKey.set(key, id);
      return send(200, intent);
    }
    const match = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(url.pathname);
    const intent = match ? intents.get(match[1]!) : undefined;
    if (match && !intent) return send(404, { error: { type: "invalid_request_error", message: "No such payment_intent" } });
    if (intent && req.method === "GET" && !match![2]) return send(200, intent);
    if (intent && req.method === "POST" && match![2]) {
      intent.status = "canceled";
      return send(200, intent);
    }
    if (req.method === "POST" && url.pathname === "/v1/refunds") {
      refunds.push(form.get("payment_intent") ?? "");
      return send(200, { id: `re_${refunds.length}`, object: "refund", payment_intent: form.get("payment_intent"), status: "succeeded" });
    }
    if (url.pathname.startsWith("/v1/tax/")) {
      const params = decodeForm(req.method === "POST" ? form : url.searchParams);
      const answer = tax.handle(req.method ?? "GET", url.pathname, params, String(req.headers["idempotency-key"] ?? ""));
      if (answer) {
        // As Stripe does for errors a retry would only repeat; the SDK would otherwise retry the failure switch's 500s.
        res.setHeader("stripe-should-retry", "false");
        return send(answer.status, answer.body);
      }
    }
    send(404, { error: { type: "invalid_request_error", message: `Unknown ${req.method} ${url.pathname}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    api: { host: "127.0.0.1", port, protocol: "http" as const },
    intents,
    refunds,
    taxCalculations: tax.calculations,
    taxTransactions: tax.transactions,
    taxReversals: tax.reversals,
    /** Stripe Tax calculations answer 500 (api_error) while on. */
    failTax: tax.fail,
    /** Stripe Tax transactions and reversals answer 500 (api_error) while on; calculations still work. */
    failTaxRecords: tax.failRecords,
    /** Replaces the rates the fake's calculations use (DEFAULT_TAX_TABLE until then). */
    setTaxTable: tax.setTable,
    setStatus(id: string, status: string) {
      intents.get(id)!.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
