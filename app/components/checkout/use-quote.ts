import { useCallback, useEffect, useRef, useState } from "react";
import type { quoteCheckout } from "../../../server/orders/quote-checkout";
import { apiRequest, ApiError } from "~/lib/api";

/** POST /api/checkout/quote's answer: the totals, shipping options and tax lines for what is typed so far. */
export type Quote = Awaited<ReturnType<typeof quoteCheckout>>;
export type ShippingOptionJson = Quote["shippingOptions"][number];

export interface QuoteAddress {
  country: string;
  region: string;
  postalCode: string;
}

interface Asked {
  discountCode: string | null;
  address: QuoteAddress | null;
  shippingRateId: number | null;
  useStoreCredit: boolean;
}

const body = ({ discountCode, address, shippingRateId, useStoreCredit }: Asked) => ({
  ...(discountCode ? { discountCode } : {}),
  ...(useStoreCredit ? { useStoreCredit } : {}),
  ...(address ? { address } : {}),
  ...(shippingRateId ? { shippingRateId } : {}),
});

/**
 * Keeps checkout's quote in step with the code, the address (as typed, after a pause) and the shipping choice: the
 * server prices every change; an answer that arrives after a newer question is dropped.
 */
export function useQuote() {
  const [quote, setQuote] = useState<Quote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const asked = useRef<Asked>({ discountCode: null, address: null, shippingRateId: null, useStoreCredit: false });
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const ask = useCallback(async (change: Partial<Asked>) => {
    const next = { ...asked.current, ...change };
    const n = ++latest.current;
    setLoading(true);
    try {
      const answer = await apiRequest<Quote>("POST", "/api/checkout/quote", body(next));
      if (n !== latest.current) return answer;
      asked.current = { ...next, discountCode: answer.discountCode, shippingRateId: answer.shippingRateId };
      setQuote(answer);
      setError(null);
      return answer;
    } catch (e) {
      if (n === latest.current) setError(e instanceof ApiError ? e.detail : "We couldn't update the totals. Please try again.");
      throw e;
    } finally {
      if (n === latest.current) setLoading(false);
    }
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  /** A code to apply (throws the server's refusal) or null to remove it. */
  const applyCode = useCallback((discountCode: string | null) => ask({ discountCode }), [ask]);
  /** The radio shows the choice at once; the totals follow when the server has priced it. */
  const chooseShipping = useCallback(
    (shippingRateId: number) => {
      setQuote((q) => (q ? { ...q, shippingRateId } : q));
      void ask({ shippingRateId }).catch(() => {});
    },
    [ask],
  );
  /** The address as typed: asked after a short pause, once state and postal code are there (else forgotten). */
  const addressChanged = useCallback(
    (address: QuoteAddress) => {
      clearTimeout(timer.current);
      const complete = address.region.trim() !== "" && address.postalCode.trim().length >= 3;
      const wanted = complete ? address : null;
      if (JSON.stringify(wanted) === JSON.stringify(asked.current.address)) return;
      timer.current = setTimeout(() => void ask({ address: wanted }).catch(() => {}), 350);
    },
    [ask],
  );
  /** "Use store credit": the summary shows what it pays and what is left for the card (issue 51). */
  const chooseStoreCredit = useCallback((on: boolean) => void ask({ useStoreCredit: on }).catch(() => {}), [ask]);
  /** Prices again as asked (a gift card was added or removed on the server). */
  const refresh = useCallback(() => void ask({}).catch(() => {}), [ask]);
  return { quote, error, loading, applyCode, chooseShipping, addressChanged, chooseStoreCredit, refresh };
}
