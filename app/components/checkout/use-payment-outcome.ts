import { useNavigate } from "react-router";
import { toast } from "~/lib/toast";
import { useRefetchCart } from "~/lib/cart";

/** SPEC §4 Checkout: what the page does when a payment succeeds or fails. */
export function usePaymentOutcome(onDone: () => void) {
  const navigate = useNavigate();
  const refetchCart = useRefetchCart();
  return {
    succeeded(paymentIntentId: string) {
      onDone();
      toast.success("Payment Successful", { description: "Thank you! Your order is confirmed." });
      navigate(`/order-confirmation?payment_intent=${encodeURIComponent(paymentIntentId)}`, { replace: true });
      void refetchCart();
    },
    failed(message: string) {
      toast.error("Payment Failed", { description: message, duration: 6000 });
    },
    unexpected() {
      toast.error("Payment Error", { description: "An unexpected error occurred during payment processing." });
    },
  };
}
