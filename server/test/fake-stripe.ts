import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

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
 * A local stand-in for the four Stripe endpoints the adapter calls (create, retrieve and cancel a PaymentIntent,
 * create a refund), so the Stripe provider is tested offline through the real SDK.
 */
export async function startFakeStripe() {
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, string>();
  const refunds: string[] = [];
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
    send(404, { error: { type: "invalid_request_error", message: `Unknown ${req.method} ${url.pathname}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    api: { host: "127.0.0.1", port, protocol: "http" as const },
    intents,
    refunds,
    setStatus(id: string, status: string) {
      intents.get(id)!.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
