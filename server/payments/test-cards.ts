/**
 * The built-in test provider accepts Stripe's test card numbers (DESIGN §5). Card data is checked here and then
 * forgotten: it is never stored or logged.
 */
export type CardOutcome = { kind: "succeeded" } | { kind: "declined"; message: string } | { kind: "requires_action" };

const outcomes: Record<string, CardOutcome> = {
  "4242424242424242": { kind: "succeeded" },
  "5555555555554444": { kind: "succeeded" },
  "4000000000000002": { kind: "declined", message: "Your card was declined." },
  "4000000000009995": { kind: "declined", message: "Your card has insufficient funds." },
  "4000002500003155": { kind: "requires_action" },
};

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** What paying with this card does; a message when the card details themselves are wrong. */
export function judgeCard({ number, expiry, cvc }: { number: string; expiry: string; cvc: string }, now: Date): CardOutcome | { kind: "invalid"; message: string } {
  const digits = number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return { kind: "invalid", message: "Your card number is invalid." };
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  const month = Number(match?.[1]);
  if (!match || month < 1 || month > 12) return { kind: "invalid", message: "Your card's expiration date is incomplete." };
  const endOfMonth = new Date(Date.UTC(2000 + Number(match[2]), month, 1));
  if (endOfMonth <= now) return { kind: "invalid", message: "Your card's expiration date is in the past." };
  if (!/^\d{3,4}$/.test(cvc.trim())) return { kind: "invalid", message: "Your card's security code is incomplete." };
  return outcomes[digits] ?? { kind: "declined", message: "Your card was declined. This store is in test mode: use a test card such as 4242 4242 4242 4242." };
}
