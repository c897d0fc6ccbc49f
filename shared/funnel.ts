/**
 * The funnel (issue 52, decision 0057): the stages a shopping session can reach, counted by the store itself. Pure
 * code, shared by the storefront's beacon, the server and the staff page.
 */
export const FUNNEL_STAGES = ["view", "cart", "checkout", "payment", "paid"] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/** Each stage as the staff page and the CSV name it. */
export const FUNNEL_STAGE_LABELS: Record<FunnelStage, string> = {
  view: "Viewed a product",
  cart: "Added to cart",
  checkout: "Began checkout",
  payment: "Reached payment",
  paid: "Paid",
};

/**
 * The request header that carries the visit's funnel session on the calls that count a stage (add to cart, the
 * checkout's quote, the payment): a random id made in the browser, nothing else.
 */
export const FUNNEL_HEADER = "Funnel-Session";

/** A session id as the browser makes it (crypto.randomUUID): anything else is ignored. */
export const FUNNEL_SESSION_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
