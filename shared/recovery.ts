/**
 * Checkout recovery emails (issue 31, decision 0037): shared by the checkout page, the staff page and the server.
 * Pure code only.
 */

/** Who gets them: shoppers who ticked the checkout box or subscribe to the newsletter, or everyone who gave an email. */
export const RECOVERY_AUDIENCES = ["consented", "everyone"] as const;
export type RecoveryAudience = (typeof RECOVERY_AUDIENCES)[number];

/** Why an email was not sent, checked right before each one. */
export const RECOVERY_SKIP_REASONS = ["paid", "empty_cart", "sold_out", "unsubscribed", "already_sent", "no_consent", "turned_off"] as const;
export type RecoverySkipReason = (typeof RECOVERY_SKIP_REASONS)[number];

export const SKIP_REASON_LABELS: Record<RecoverySkipReason, string> = {
  paid: "Paid since",
  empty_cart: "Cart empty",
  sold_out: "All sold out",
  unsubscribed: "Unsubscribed",
  already_sent: "Already sent",
  no_consent: "No consent",
  turned_off: "Email turned off",
};

/**
 * The checkout box. Its wording is stored with each consent by version: change the text, change the version.
 * Unticked by default.
 */
export const MARKETING_CONSENT = { version: "checkout-2026-11", label: "Email me about my order and offers" } as const;

/** A link restores the cart for this long after its email. */
export const RECOVERY_LINK_DAYS = 7;
/** An order paid from a restored cart counts as recovered for this long after the click. */
export const RECOVERED_WITHIN_DAYS = 7;
