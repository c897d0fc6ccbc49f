/**
 * What pays an order's total besides the card (issue 51): gift cards and store credit. They are tenders, not
 * discounts: they are applied after tax to the amount due and change neither the tax nor the total.
 */
export interface Tenders {
  /** The store credit the shopper may spend on this order (their balance, when they chose to use it). */
  storeCreditCents: number;
  /** Gift cards applied, in the order they were added, with what each still holds (the next slice of issue 51). */
  giftCards?: { last4: string; balanceCents: number }[];
}

export interface TenderSplit {
  /** What gift cards pay, in all, and each card's part (by its place in `giftCards`). */
  giftCardCents: number;
  giftCardParts: number[];
  storeCreditCents: number;
  /** What is left for the card: total − gift cards − store credit, never below zero. */
  amountDueCents: number;
}

/** Gift cards first (they may expire, credit doesn't), then store credit, each never more than is left to pay. */
export function applyTenders(totalCents: number, tenders: Tenders | null | undefined): TenderSplit {
  let due = Math.max(0, totalCents);
  const giftCardParts = (tenders?.giftCards ?? []).map((card) => {
    const part = Math.min(due, Math.max(0, card.balanceCents));
    due -= part;
    return part;
  });
  const storeCreditCents = Math.min(due, Math.max(0, tenders?.storeCreditCents ?? 0));
  due -= storeCreditCents;
  return { giftCardCents: giftCardParts.reduce((a, b) => a + b, 0), giftCardParts, storeCreditCents, amountDueCents: due };
}
