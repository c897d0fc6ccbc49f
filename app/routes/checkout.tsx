import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "~/lib/toast";
import { sendCheckoutOpened } from "~/lib/funnel";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/checkout";
import type { CheckoutStarted } from "../../server/orders/start-checkout-types";
import type { CheckoutDetails } from "../../server/orders/checkout-schemas";
import { servicesContext, visitorContext } from "~/context";
import { CheckoutSummary } from "~/components/checkout/checkout-summary";
import { DetailsForm } from "~/components/checkout/details-form";
import { DiscountCode } from "~/components/checkout/discount-code";
import { ShippingOptions } from "~/components/checkout/shipping-options";
import { useQuote } from "~/components/checkout/use-quote";
import { TestCardForm } from "~/components/checkout/test-card-form";
import { usePaymentOutcome } from "~/components/checkout/use-payment-outcome";
import { apiRequest, ApiError } from "~/lib/api";
import { landingAttribution } from "~/lib/attribution";
import { trackBeginCheckout } from "~/lib/track-purchase";
import { useCart } from "~/lib/cart";
import { formatPrice } from "~/lib/money";
import { StoreCreditChoice } from "~/components/checkout/store-credit-choice";
import { GiftCardField } from "~/components/checkout/gift-card-field";

const StripeCardForm = lazy(() => import("~/components/checkout/stripe-card-form").then((m) => ({ default: m.StripeCardForm })));

export async function loader({ context }: Route.LoaderArgs) {
  const { payments, accounts } = context.get(servicesContext);
  const { user } = context.get(visitorContext);
  // A signed-in shopper's saved addresses and email fill the form; a guest starts blank.
  const saved = user ? await accounts.listAddresses({ userId: user.id }) : [];
  return { provider: payments.name, publishableKey: payments.publishableKey, saved, email: user?.email ?? "", signedIn: Boolean(user) };
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Checkout") }, { name: "robots", content: "noindex" }];

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const { data: cart } = useCart();
  const navigate = useNavigate();
  const finished = useRef(false);
  const { quote, error: quoteError, loading: quoting, applyCode, chooseShipping, addressChanged, chooseStoreCredit, refresh } = useQuote();
  const [withCredit, setWithCredit] = useState(false);
  const [payment, setPayment] = useState<CheckoutStarted | null>(null);
  const [setupError, setSetupError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const outcome = usePaymentOutcome(() => (finished.current = true));
  const empty = !cart || cart.items.length === 0;

  const hasCart = Boolean(cart && cart.items.length > 0);
  useEffect(() => {
    if (!hasCart || !cart) return;
    trackBeginCheckout(cart.total, cart.items.map((l) => ({ id: l.productId, name: l.product.name, price: l.unitPrice, quantity: l.quantity, variant: `${l.color} ${l.size}` })));
    // The store's own funnel (issue 52): began checkout, with what the cart holds.
    sendCheckoutOpened();
    // Once per visit to the page, not on every cart refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasCart]);

  useEffect(() => {
    if (!empty || finished.current) return;
    // One toast, even if the effect runs again while the redirect is under way (navigate changes with the location).
    toast.error("Empty Cart", { id: "empty-cart", description: "Your cart is empty. Please add items before checkout." });
    navigate("/", { replace: true });
  }, [empty, navigate]);

  async function start(details: CheckoutDetails, save: boolean) {
    setStarting(true);
    setSetupError(null);
    try {
      const started = await apiRequest<CheckoutStarted>("POST", "/api/create-payment-intent", { ...details, amount: cart?.total, attribution: landingAttribution(), ...(withCredit ? { useStoreCredit: true } : {}) });
      // Store credit paid it all: the order is already paid, so on to its confirmation.
      if (started.provider === "store_credit") return outcome.succeeded(started.paymentIntentId);
      setPayment(started);
      if (save) {
        apiRequest("POST", "/api/account/addresses", { name: details.name, ...details.address }).then(
          () => toast.success("Address saved to your account"),
          () => toast.error("Couldn't save the address", { description: "Your order is not affected." }),
        );
      }
    } catch (error) {
      const known = error instanceof ApiError && [400, 401, 409, 503].includes(error.status);
      setSetupError(known ? error.detail : "We couldn't set up the payment process. Please try again.");
      toast.error("Payment Setup Failed", { description: known ? error.detail : "We couldn't set up the payment process. Please try again." });
    } finally {
      setStarting(false);
    }
  }

  if (empty) return null;
  const totals = payment ?? quote ?? cart;
  const addressKnown = Boolean(quote?.taxForAddress);
  return (
    <div className="container-page pb-8 pt-6">
      <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">Checkout</h1>
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_24rem]">
        <section aria-label="Checkout steps" className="space-y-8">
          {setupError && (
            <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
              <p className="font-semibold">Payment Setup Failed</p>
              <p>{setupError}</p>
            </div>
          )}
          {payment ? (
            <div className="space-y-5">
              <div className="flex items-center justify-between">
                <h2 className="text-lg font-bold">Payment</h2>
                <button type="button" className="text-sm font-medium underline" onClick={() => setPayment(null)}>
                  Edit details
                </button>
              </div>
              {payment.provider === "stripe" && payment.publishableKey ? (
                <Suspense fallback={<p className="text-sm text-ink-muted">Loading the secure card form...</p>}>
                  <StripeCardForm publishableKey={payment.publishableKey} clientSecret={payment.clientSecret} total={payment.total} outcome={outcome} />
                </Suspense>
              ) : (
                <TestCardForm paymentIntentId={payment.paymentIntentId} clientSecret={payment.clientSecret} total={payment.total} outcome={outcome} />
              )}
            </div>
          ) : (
            <DetailsForm
              discountCode={quote?.discountCode ?? null}
              shippingRateId={addressKnown ? (quote?.shippingRateId ?? null) : null}
              busy={starting}
              onSubmit={start}
              onAddressChange={addressChanged}
              saved={loaderData.saved}
              email={loaderData.email}
              canSave={loaderData.signedIn}
            >
              <ShippingOptions needed={quote?.shippingNeeded ?? cart?.items.some((i) => !i.giftCard) ?? true} options={addressKnown ? quote!.shippingOptions : []} chosen={quote?.shippingRateId ?? null} onChoose={chooseShipping} addressKnown={addressKnown} busy={quoting} />
              {quoteError && (
                <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                  {quoteError}
                </p>
              )}
            </DetailsForm>
          )}
        </section>
        <CheckoutSummary cart={cart} totals={{ ...totals, freeShippingRemaining: addressKnown || payment ? null : cart.freeShippingRemaining }}>
          {loaderData.signedIn && (quote?.storeCreditAvailableCents ?? 0) > 0 && (
            <StoreCreditChoice
              availableCents={quote!.storeCreditAvailableCents}
              checked={withCredit}
              disabled={Boolean(payment)}
              onChange={(on) => {
                setWithCredit(on);
                chooseStoreCredit(on);
              }}
            />
          )}
          {(payment ?? quote) && (payment ?? quote)!.storeCreditCents + (payment ?? quote)!.giftCardCents > 0 && (
            <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm">
              {(payment ?? quote)!.giftCardCents > 0 && (
                <>
                  <dt>Gift cards</dt>
                  <dd>−{formatPrice((payment ?? quote)!.giftCardCents / 100)}</dd>
                </>
              )}
              {(payment ?? quote)!.storeCreditCents > 0 && (
                <>
                  <dt>Store credit</dt>
                  <dd>−{formatPrice((payment ?? quote)!.storeCreditCents / 100)}</dd>
                </>
              )}
              <dt className="font-semibold">Due by card</dt>
              <dd className="font-semibold">{formatPrice((payment ?? quote)!.amountDueCents / 100)}</dd>
            </dl>
          )}
          <GiftCardField applied={quote?.giftCards ?? []} disabled={Boolean(payment)} onChange={refresh} />
          <DiscountCode applied={quote?.discountCode ?? null} label={quote?.discountLabel} disabled={Boolean(payment)} onApply={applyCode} onRemove={() => void applyCode(null).catch(() => {})} />
        </CheckoutSummary>
      </div>
      <p className="mt-6 text-sm text-ink-muted">Paying with {loaderData.provider === "stripe" ? "Stripe" : "the store's test payment provider"}.</p>
    </div>
  );
}
