// npm run bench:drop's crowd at a drop's open: visitors loading its page, the ones who join its line and, once let
// in, buy; and bots that skip the challenge. Each returns what it saw; bench-drop.mjs judges it.
import { setTimeout as sleep } from "node:timers/promises";
import { randomBytes, randomUUID } from "node:crypto";
import { Worker } from "node:worker_threads";
import { addressOf, Visitor } from "./bench-drop-visitor.mjs";
import { Buffer } from "node:buffer";

const CARD = { cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" };
/** How often a waiting visitor's page asks for its place (sooner when its turn comes first). */
const POLL_MS = 5000;

/**
 * Solvers of the drop's challenges, one worker thread each, as visitors' browsers solve them. Each solver fetches a
 * challenge (as the n-th visitor), solves it and hands the proof to `use`, again and again while `more()` says so.
 * The bench runs them before the open and after the timed arrivals, never while the page is timed.
 */
export function createSolvers(url, slug, threads) {
  const workers = Array.from({ length: threads }, () => new Worker(new URL("./bench-drop-solver.mjs", import.meta.url)));
  let next = 0;
  const solveOn = (worker, challenge) => new Promise((resolve, reject) => {
    worker.once("error", reject);
    worker.once("message", (proof) => {
      worker.off("error", reject);
      resolve(proof);
    });
    worker.postMessage(challenge);
  });
  return {
    /** Runs every thread until `more()` is false; resolves when each has handed over its last proof. */
    solve: (more, use) => Promise.all(workers.map(async (worker) => {
      while (more()) {
        const n = next++;
        const challenge = (await new Visitor(url, addressOf(n + 1)).get(`/api/drops/${slug}/challenge`)).body;
        await use(await solveOn(worker, challenge), n);
      }
    })),
    close: () => Promise.all(workers.map((w) => w.terminate())),
  };
}

/** What a script sends without solving: a real challenge's parameters and a guessed counter. */
export async function unsolvedProof(url, slug) {
  const challenge = (await new Visitor(url, "10.250.0.1").get(`/api/drops/${slug}/challenge`)).body;
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution: { counter: 1, derivedKey: "00".repeat(32) } })).toString("base64");
}

const buyerOf = (n) => ({
  email: `shopper-${n}@bench.example`,
  name: `Shopper ${n}`,
  address: { line1: `${n} Drop Street`, city: "Portland", region: "OR", postalCode: "97205", country: "US" },
});

/**
 * One order of `quantity` units: a new cart, the first variant (from the n-th on, of `productId` when given) the
 * store adds, a payment intent and the test card. Answers "paid", "limit" (refused by the per-customer limit),
 * "sold out" or the refusal's text.
 */
async function buyOnce(visitor, { variants, buyer, quantity, n, productId, sales }) {
  visitor.setCookie("cart", null);
  const ordered = [...variants.slice(n % variants.length), ...variants.slice(0, n % variants.length)].filter((v) => !productId || v.productId === productId);
  let refusal = "sold out";
  let added = false;
  for (const v of ordered) {
    const add = await visitor.post("/api/cart/items", { productId: v.productId, color: v.color, size: v.size, quantity });
    if (add.status === 201) {
      added = true;
      break;
    }
    refusal = add.body?.message ?? `add ${add.status}`;
    if (/at most/i.test(refusal)) return "limit";
    if (!/stock|left|sold out|available/i.test(refusal)) return refusal;
    refusal = "sold out";
  }
  if (!added) return refusal;
  const intent = await visitor.post("/api/create-payment-intent", buyer);
  if (intent.status !== 200) {
    const text = intent.body?.message ?? `payment intent ${intent.status}`;
    return /at most/i.test(text) ? "limit" : /stock|left|sold out|available/i.test(text) ? "sold out" : text;
  }
  const confirm = await visitor.post(`/api/test-payments/${intent.body.paymentIntentId}/confirm`, { clientSecret: intent.body.clientSecret, ...CARD });
  if (confirm.status !== 200) return confirm.body?.message ?? `confirm ${confirm.status}`;
  sales.push(Date.now());
  return "paid";
}

/**
 * An admitted shopper's orders. Most buy one piece; every fifth asks for two of one product (over a per-product limit
 * of 1); one in seven comes back for more with the same email and address (the same product, then the other).
 */
async function shop(visitor, n, { variants, outcomes, sales }) {
  const buyer = buyerOf(n);
  const products = [...new Set(variants.map((v) => v.productId))];
  const first = products[n % products.length];
  const plan = n % 5 === 4 ? [{ quantity: 2 }] : n % 7 === 3 ? [{ quantity: 1, productId: first }, { quantity: 1, productId: first }, { quantity: 1, productId: products.find((p) => p !== first) }] : [{ quantity: 1 }];
  for (const step of plan) {
    const outcome = await buyOnce(visitor, { variants, buyer, n, sales, ...step });
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  }
}

/**
 * One visitor who joined the line: asks for its place (GET …/line, as its page does) until let in, then shops. The
 * admission it saw (its pass's admitAt) goes to `admissions`; it gives up waiting at `until`.
 */
async function waitInLine(visitor, n, { slug, proof, until, admissions, lineErrors, spent, ...shopping }) {
  const joined = await visitor.post(`/api/drops/${slug}/line`, { proof });
  if (joined.status !== 200) return void lineErrors.push(`join ${joined.status}: ${joined.body?.message}`);
  spent.push(proof);
  let place = joined.body;
  for (;;) {
    await sleep(Math.min(POLL_MS, Math.max(0, Date.parse(place.admitAt) - Date.now() + 20)));
    if (Date.now() >= until) return;
    const line = await visitor.get(`/api/drops/${slug}/line`);
    if (line.status !== 200) return void lineErrors.push(`line ${line.status}: ${line.body?.message}`);
    place = line.body;
    if (place.admitted) break;
  }
  admissions.push(Date.parse(place.admitAt));
  await shop(visitor, n, shopping);
}

/**
 * The crowd from `opensAt`: `visitors` arrive evenly over `arrivalMs`, each loading the drop's page (timed). Meanwhile
 * the visitors who had the page open during the countdown (one for each proof solved before the open) join the line,
 * also spread over `arrivalMs`, the first at `opensAt`. After the arrivals, `solvers` make proofs for later visitors,
 * who load the page (untimed) and join, until `joiners` have joined. Resolves once all of them are done (the line's
 * visitors stop waiting at `lineUntil`). The proofs they spent go to `spent` (the bots replay them).
 */
export async function runCrowd(url, { slug, opensAt, visitors, arrivalMs, proofs, solvers, joiners, lineUntil, variants, spent }) {
  const seen = { pages: [], pageStatuses: new Map(), pageCache: new Map(), admissions: [], lineErrors: [], outcomes: new Map(), sales: [], spent, lateJoiners: 0 };
  const line = (visitor, n, proof) => waitInLine(visitor, n, { slug, proof, until: lineUntil, variants, ...seen });
  async function visit(i) {
    const visitor = new Visitor(url, addressOf(i + 1));
    const page = await visitor.get(`/drops/${slug}`, { read: false });
    seen.pages.push({ at: i / visitors, ms: page.ms });
    seen.pageStatuses.set(page.status, (seen.pageStatuses.get(page.status) ?? 0) + 1);
    seen.pageCache.set(page.cache ?? "none", (seen.pageCache.get(page.cache ?? "none") ?? 0) + 1);
  }
  const journeys = [];
  const record = (journey, who) => journeys.push(journey.catch((error) => seen.lineErrors.push(`${who}: ${error.message}`)));
  const arrivals = [
    ...Array.from({ length: visitors }, (_, i) => ({ at: opensAt + (i * arrivalMs) / visitors, go: () => record(visit(i), `visitor ${i}`) })),
    ...proofs.map((proof, n) => ({ at: opensAt + (n * arrivalMs) / proofs.length, go: () => record(line(new Visitor(url, addressOf(visitors + n + 1)), n, proof), `joiner ${n}`) })),
  ].sort((a, b) => a.at - b.at);
  for (const { at, go } of arrivals) {
    await sleep(Math.max(0, at - Date.now()));
    go();
  }
  await sleep(Math.max(0, opensAt + arrivalMs - Date.now()));
  let joined = proofs.length;
  await solvers.solve(
    () => joined < joiners && Date.now() < lineUntil - 5000,
    async (proof) => {
      const n = joined++;
      seen.lateJoiners++;
      const visitor = new Visitor(url, addressOf(visitors + n + 1));
      record(visitor.get(`/drops/${slug}`, { read: false }).then(() => line(visitor, n, proof)), `late visitor ${n}`);
    },
  );
  await Promise.all(journeys);
  return seen;
}

/** A forged pass cookie for the drop: the store's token format with a MAC it never made. */
const forgedPass = (dropId) => `l${dropId}.${randomUUID()}.${Date.now() - 1000}.${Date.now() + 600_000}.${randomBytes(32).toString("base64url")}`;

/**
 * `count` bots from five addresses, every 2 s from `opensAt` to `until`, trying every way in without solving a
 * challenge: joining the line with no proof, a guessed one or one already spent by a shopper; asking for a place
 * without a pass; adding to the cart with no pass, a forged pass, or a spent proof in X-Drop-Proof. An add that
 * succeeds goes on to checkout and the test card. Answers how each try was answered, and the bots' paid orders.
 */
export async function runBots(url, { count, dropId, slug, opensAt, until, variants, unsolved, spent }) {
  const answers = new Map();
  let paid = 0;
  const note = (kind, status) => answers.set(`${kind} ${status}`, (answers.get(`${kind} ${status}`) ?? 0) + 1);
  async function bot(b) {
    const visitor = new Visitor(url, `10.200.0.${(b % 5) + 1}`);
    const item = () => {
      const v = variants[Math.floor(Math.random() * variants.length)];
      return { productId: v.productId, color: v.color, size: v.size, quantity: 1 };
    };
    const spentProof = () => spent[Math.floor(Math.random() * spent.length)] ?? unsolved;
    await sleep(Math.max(0, opensAt - Date.now()));
    while (Date.now() < until) {
      note("join, no proof", (await visitor.post(`/api/drops/${slug}/line`, {})).status);
      note("join, guessed proof", (await visitor.post(`/api/drops/${slug}/line`, { proof: unsolved })).status);
      note("join, spent proof", (await visitor.post(`/api/drops/${slug}/line`, { proof: spentProof() })).status);
      note("place, no pass", (await visitor.get(`/api/drops/${slug}/line`)).status);
      const tries = [
        ["add, no pass", {}],
        ["add, forged pass", { pass: forgedPass(dropId) }],
        ["add, spent proof", { headers: { "x-drop-proof": spentProof() } }],
      ];
      for (const [kind, { pass, headers }] of tries) {
        visitor.setCookie(`drop_pass_${dropId}`, pass ?? null);
        const add = await visitor.request("POST", "/api/cart/items", { json: item(), headers });
        note(kind, add.status);
        if (add.status === 201 && (await botCheckout(visitor, b)) === 200) paid++;
      }
      await sleep(2000);
    }
  }
  await Promise.all(Array.from({ length: count }, (_, b) => bot(b)));
  return { answers, paid };
}

async function botCheckout(visitor, b) {
  const intent = await visitor.post("/api/create-payment-intent", { ...buyerOf(b), email: `bot-${b}@bench.example` });
  if (intent.status !== 200) return intent.status;
  return (await visitor.post(`/api/test-payments/${intent.body.paymentIntentId}/confirm`, { clientSecret: intent.body.clientSecret, ...CARD })).status;
}
