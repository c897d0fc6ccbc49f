import { allocate, includedTaxOf, rateOf } from "../pricing/allocate";

/** One tax of a place, as Stripe reports it: "California" (state) "Sales Tax" at "8.625". */
export interface FakeTaxRate {
  jurisdiction: string;
  level: "state" | "county" | "city" | "district" | "country";
  name: string;
  percentage: string;
}

/** Where a tax applies: the first region of the table that matches the address wins (put specific ones first). */
export interface FakeTaxRegion {
  country: string;
  state?: string;
  postalPrefix?: string;
  rates: FakeTaxRate[];
  /** Shipping taxed at the same rates (default true). */
  taxShipping?: boolean;
}

export const DEFAULT_TAX_TABLE: FakeTaxRegion[] = [
  { country: "US", state: "CA", postalPrefix: "94", rates: [{ jurisdiction: "California", level: "state", name: "Sales Tax", percentage: "8.625" }] },
  { country: "US", state: "CA", rates: [{ jurisdiction: "California", level: "state", name: "Sales Tax", percentage: "7.25" }] },
  { country: "US", state: "NY", rates: [{ jurisdiction: "New York", level: "state", name: "Sales Tax", percentage: "8.875" }] },
];

/** Stripe's "nontaxable" product code: the fake exempts it. */
export const FAKE_EXEMPT_TAX_CODE = "txcd_00000000";

type Params = Record<string, unknown>;
type Answer = { status: number; body: unknown };

/** The SDK's form encoding (`line_items[0][amount]=100`, `expand[0]=x`) back into objects and arrays. */
export function decodeForm(form: URLSearchParams): Params {
  const root: Params = {};
  for (const [key, value] of form) {
    const path = key.replace(/\]/g, "").split("[");
    let node = root;
    path.forEach((raw, i) => {
      // `expand[]=x` (an empty index) appends.
      const part = raw === "" && Array.isArray(node) ? String(node.length) : raw;
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d*$/.test(path[i + 1]!) ? [] : {}) as Params;
    });
  }
  return root;
}

const milli = (percentage: string) => Math.round(Number(percentage) * 1000);
const error = (status: number, message: string, extra: Record<string, string> = {}): Answer => ({ status, body: { error: { type: status >= 500 ? "api_error" : "invalid_request_error", message, ...extra } } });
const list = <T extends { id: string }>(url: string, all: T[], query: Params) => {
  const after = all.findIndex((x) => x.id === query.starting_after) + 1;
  const limit = Number(query.limit ?? 10);
  return { object: "list", url, data: all.slice(after, after + limit), has_more: after + limit < all.length };
};

interface Taxed {
  amount: number;
  amount_tax: number;
  tax_behavior: string;
  tax_code: string;
  /** Absent unless expanded. */
  tax_breakdown?: Array<Record<string, unknown>>;
}
type LineItem = Params & Taxed & { id: string; reference: string };
type Calculation = Params & { id: string; line_items: LineItem[]; shipping_cost: Taxed | null };
type Transaction = Params & { id: string; reference: string; line_items: LineItem[]; shipping_cost: Taxed | null };

/**
 * Stripe Tax's calculations, transactions and reversals, for server/test/fake-stripe.ts: rates from a table by
 * state and postal prefix, half-up rounding per line and rate, and the checks Stripe makes on reversals (known
 * original lines, never more than was charged).
 */
export function createFakeStripeTax() {
  const calculations = new Map<string, Calculation>();
  const transactions = new Map<string, Transaction>();
  const reversals = new Map<string, Params & { id: string }>();
  const byKey = new Map<string, Answer>();
  const references = new Set<string>();
  const state = { table: DEFAULT_TAX_TABLE, failing: false, failingRecords: false, counter: 0 };
  const id = (prefix: string) => `${prefix}_fake_${String(++state.counter).padStart(10, "0")}`;

  function tax(region: FakeTaxRegion | undefined, amount: number, behavior: string, code: string | undefined, shipping: boolean): Taxed {
    const base = { amount, tax_behavior: behavior, tax_code: code ?? (shipping ? "txcd_92010001" : "txcd_99999999") };
    const rates = !region || (shipping && region.taxShipping === false) || code === FAKE_EXEMPT_TAX_CODE ? [] : region.rates;
    const combined = rates.reduce((s, r) => s + milli(r.percentage), 0);
    const inclusive = behavior === "inclusive";
    const perRate = inclusive ? allocate(includedTaxOf(amount, combined), rates.map((r) => milli(r.percentage))) : rates.map((r) => rateOf(amount, milli(r.percentage)));
    const amountTax = perRate.reduce((a, b) => a + b, 0);
    const taxable = inclusive ? amount - amountTax : amount;
    const breakdown = rates.map((r, i) => ({
      amount: perRate[i],
      jurisdiction: { country: region!.country, display_name: r.jurisdiction, level: r.level, state: region!.state ?? null },
      sourcing: "destination",
      tax_rate_details: { display_name: r.name, percentage_decimal: r.percentage, tax_type: "sales_tax" },
      taxability_reason: "standard_rated",
      taxable_amount: taxable,
    }));
    const reason = !region ? "not_collecting" : code === FAKE_EXEMPT_TAX_CODE ? "product_exempt" : "not_subject_to_tax";
    const none = { amount: 0, jurisdiction: { country: region?.country ?? "US", display_name: region?.rates[0]?.jurisdiction ?? "United States", level: "state", state: region?.state ?? null }, sourcing: "destination", tax_rate_details: null, taxability_reason: reason, taxable_amount: 0 };
    return { ...base, amount_tax: amountTax, tax_breakdown: rates.length > 0 ? breakdown : [none] };
  }

  function calculate(p: Params): Answer {
    if (state.failing) return error(500, "An unknown error occurred");
    const address = ((p.customer_details as Params | undefined)?.address ?? {}) as Record<string, string>;
    if (address.country === "US" && !address.postal_code) return error(400, "We could not determine the customer's tax location based on the provided customer address.", { code: "customer_tax_location_invalid", param: "customer_details[address]" });
    const region = state.table.find((r) => r.country === address.country && (!r.state || r.state === address.state) && (!r.postalPrefix || (address.postal_code ?? "").startsWith(r.postalPrefix)));
    const items = ((p.line_items as Params[] | undefined) ?? []).map((li) => ({ id: id("tax_li"), object: "tax.calculation_line_item", livemode: false, metadata: null, product: null, quantity: Number(li.quantity ?? 1), reference: String(li.reference), ...tax(region, Number(li.amount), String(li.tax_behavior ?? "exclusive"), li.tax_code as string | undefined, false) }));
    if (items.length === 0) return error(400, "Missing required param: line_items.", { param: "line_items" });
    const ship = p.shipping_cost as Params | undefined;
    const shipping = ship ? tax(region, Number(ship.amount), String(ship.tax_behavior ?? "exclusive"), ship.tax_code as string | undefined, true) : null;
    const taxed = [...items, ...(shipping ? [shipping] : [])];
    const exclusive = taxed.filter((t) => t.tax_behavior === "exclusive").reduce((s, t) => s + t.amount_tax, 0);
    const inclusive = taxed.filter((t) => t.tax_behavior === "inclusive").reduce((s, t) => s + t.amount_tax, 0);
    const calculation: Calculation = {
      id: id("taxcalc"),
      object: "tax.calculation",
      amount_total: taxed.reduce((s, t) => s + t.amount, 0) + exclusive,
      currency: p.currency,
      customer: null,
      customer_details: { address, address_source: (p.customer_details as Params).address_source ?? null, ip_address: null, tax_ids: [], taxability_override: "none" },
      expires_at: Math.floor(Date.now() / 1000) + 90 * 86_400,
      livemode: false,
      shipping_cost: shipping,
      tax_amount_exclusive: exclusive,
      tax_amount_inclusive: inclusive,
      tax_breakdown: [],
      tax_date: Math.floor(Date.now() / 1000),
      line_items: items,
    };
    calculations.set(calculation.id, calculation);
    return { status: 200, body: shown(calculation, p.expand) };
  }

  /** Like Stripe, the breakdowns and the embedded lines come only when expanded. */
  function shown(calculation: Calculation, expand: unknown): Params {
    const wanted = (expand as string[] | undefined) ?? [];
    const { line_items, shipping_cost: shipping, ...rest } = calculation;
    return {
      ...rest,
      shipping_cost: shipping && (wanted.includes("shipping_cost.tax_breakdown") ? shipping : { ...shipping, tax_breakdown: undefined }),
      ...(wanted.some((w) => w.startsWith("line_items")) ? { line_items: list(`/v1/tax/calculations/${calculation.id}/line_items`, linesShown(line_items, wanted.includes("line_items.data.tax_breakdown")), {}) } : {}),
    };
  }
  const linesShown = (items: LineItem[], breakdown: boolean): LineItem[] => items.map((li) => ({ ...li, tax_breakdown: breakdown ? li.tax_breakdown : undefined }));

  function commit(p: Params): Answer {
    if (state.failingRecords) return error(500, "An unknown error occurred");
    const calculation = calculations.get(String(p.calculation));
    if (!calculation) return error(404, `No such tax calculation: '${String(p.calculation)}'`, { code: "resource_missing", param: "calculation" });
    if (!p.reference) return error(400, "Missing required param: reference.", { param: "reference" });
    if (references.has(String(p.reference))) return error(400, `A transaction with reference '${String(p.reference)}' already exists.`, { param: "reference" });
    const transaction: Transaction = {
      id: id("tax"),
      object: "tax.transaction",
      type: "transaction",
      reference: String(p.reference),
      reversal: null,
      currency: calculation.currency,
      customer_details: calculation.customer_details,
      line_items: calculation.line_items.map((li) => ({ ...li, id: id("tax_li"), object: "tax.transaction_line_item", tax_breakdown: undefined, reversal: null, type: "transaction" })),
      shipping_cost: calculation.shipping_cost && { ...calculation.shipping_cost, tax_breakdown: undefined },
      metadata: p.metadata ?? null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    references.add(transaction.reference);
    transactions.set(transaction.id, transaction);
    const { line_items: _lines, ...body } = transaction;
    return { status: 200, body };
  }

  function reverse(p: Params): Answer {
    if (state.failingRecords) return error(500, "An unknown error occurred");
    const original = transactions.get(String(p.original_transaction));
    if (!original) return error(404, `No such tax transaction: '${String(p.original_transaction)}'`, { code: "resource_missing", param: "original_transaction" });
    if (!p.reference) return error(400, "Missing required param: reference.", { param: "reference" });
    if (references.has(String(p.reference))) return error(400, `A transaction with reference '${String(p.reference)}' already exists.`, { param: "reference" });
    if (p.mode !== "partial") return error(400, "The fake only reverses in mode partial.", { param: "mode" });
    const lines = (p.line_items as Params[] | undefined) ?? [];
    const ship = p.shipping_cost as Params | undefined;
    if (lines.length === 0 && !ship) return error(400, "A partial reversal needs line_items, shipping_cost or flat_amount.", { param: "line_items" });
    const earlier = [...reversals.values()].filter((r) => r.original_transaction === original.id);
    const already = (key: string, field: "amount" | "amount_tax") => earlier.flatMap((r) => r.line_items as Params[]).filter((li) => li.original_line_item === key).reduce((s, li) => s - Number(li[field]), 0);
    for (const [i, li] of lines.entries()) {
      const item = original.line_items.find((x) => x.id === li.original_line_item);
      if (!item) return error(400, `No such line item in transaction ${original.id}: '${String(li.original_line_item)}'`, { param: `line_items[${i}][original_line_item]` });
      if (!li.reference) return error(400, "Missing required param: line_items[reference].", { param: `line_items[${i}][reference]` });
      const [amount, amountTax] = [Number(li.amount), Number(li.amount_tax)];
      if (amount > 0 || amountTax > 0) return error(400, "Reversal amounts must be negative or zero.", { param: `line_items[${i}][amount]` });
      if (already(item.id, "amount") - amount > item.amount || already(item.id, "amount_tax") - amountTax > item.amount_tax) {
        return error(400, `The reversal of line item ${item.id} exceeds what remains to be reversed.`, { param: `line_items[${i}]` });
      }
    }
    if (ship) {
      const shipped = earlier.reduce((s, r) => ({ amount: s.amount - Number((r.shipping_cost as Params | null)?.amount ?? 0), tax: s.tax - Number((r.shipping_cost as Params | null)?.amount_tax ?? 0) }), { amount: 0, tax: 0 });
      if (!original.shipping_cost) return error(400, "The original transaction has no shipping cost.", { param: "shipping_cost" });
      if (Number(ship.amount) > 0 || Number(ship.amount_tax) > 0) return error(400, "Reversal amounts must be negative or zero.", { param: "shipping_cost[amount]" });
      if (shipped.amount - Number(ship.amount) > original.shipping_cost.amount || shipped.tax - Number(ship.amount_tax) > original.shipping_cost.amount_tax) {
        return error(400, "The reversal of the shipping cost exceeds what remains to be reversed.", { param: "shipping_cost" });
      }
    }
    const reversal = {
      id: id("tax"),
      object: "tax.transaction",
      type: "reversal",
      reference: String(p.reference),
      reversal: { original_transaction: original.id },
      original_transaction: original.id,
      line_items: lines.map((li) => ({ ...li, amount: Number(li.amount), amount_tax: Number(li.amount_tax), quantity: Number(li.quantity ?? 1) })),
      shipping_cost: ship ? { amount: Number(ship.amount), amount_tax: Number(ship.amount_tax) } : null,
      metadata: p.metadata ?? null,
      livemode: false,
    };
    references.add(reversal.reference);
    reversals.set(reversal.id, reversal);
    const { line_items: _lines, original_transaction: _original, ...body } = reversal;
    return { status: 200, body };
  }

  return {
    calculations,
    transactions,
    reversals,
    /** Calculations answer 500 api_error while on. */
    fail(on: boolean) {
      state.failing = on;
    },
    /** Transactions and reversals (not calculations) answer 500 api_error while on: checkout works, recording fails. */
    failRecords(on: boolean) {
      state.failingRecords = on;
    },
    setTable(table: FakeTaxRegion[]) {
      state.table = table;
    },
    /** The answer to a /v1/tax request, or null for a path this fake does not know. */
    handle(method: string, path: string, params: Params, idempotencyKey: string): Answer | null {
      const replay = idempotencyKey && byKey.get(`${path}\u0000${idempotencyKey}`);
      if (method === "POST" && replay) return replay;
      const answer = route(method, path, params);
      // Stripe keeps a key's first answer, errors included, except 500s (which should be retried).
      if (answer && method === "POST" && idempotencyKey && answer.status < 500) byKey.set(`${path}\u0000${idempotencyKey}`, answer);
      return answer;
    },
  };

  function route(method: string, path: string, params: Params): Answer | null {
    if (method === "POST" && path === "/v1/tax/calculations") return calculate(params);
    if (method === "POST" && path === "/v1/tax/transactions/create_from_calculation") return commit(params);
    if (method === "POST" && path === "/v1/tax/transactions/create_reversal") return reverse(params);
    const lines = method === "GET" ? /^\/v1\/tax\/(calculations|transactions)\/([^/]+)\/line_items$/.exec(path) : null;
    if (!lines) return null;
    const owner = lines[1] === "calculations" ? calculations.get(lines[2]!) : transactions.get(lines[2]!);
    if (!owner) return error(404, `No such tax ${lines[1] === "calculations" ? "calculation" : "transaction"}: '${lines[2]}'`, { code: "resource_missing" });
    const breakdown = lines[1] === "calculations" && ((params.expand as string[] | undefined) ?? []).includes("data.tax_breakdown");
    return { status: 200, body: list(path, linesShown(owner.line_items, breakdown), params) };
  }
}
