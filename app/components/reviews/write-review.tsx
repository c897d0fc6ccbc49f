import { lazy, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { LazyMount } from "~/components/ui/lazy-dialog";
import { useUser } from "~/lib/session";

/** Eligibility, the shopper's own review and the form: code only signed-in shoppers need, loaded for them alone. */
const OwnReview = lazy(() => import("./own-review"));

const subscribeToNothing = () => () => {};

/**
 * The buyer's way in. Signed out: a link to sign in (in the server's HTML). Signed in: what their account allows
 * (write a review, or see, edit or delete theirs), which is asked for in the browser, so the server renders nothing.
 */
export function WriteReview({ productId, productName, onChanged }: { productId: number; productName: string; onChanged: () => void }) {
  const user = useUser();
  const inBrowser = useSyncExternalStore(subscribeToNothing, () => true, () => false);
  if (!user) {
    return (
      <p className="text-sm text-ink-muted">
        Bought this?{" "}
        <Link to={`/login?redirectTo=${encodeURIComponent(`/product/${productId}#reviews`)}`} className="font-semibold text-ink underline">
          Sign in to review it
        </Link>
      </p>
    );
  }
  return (
    <LazyMount when={inBrowser}>
      <OwnReview key={user.id} productId={productId} productName={productName} onChanged={onChanged} />
    </LazyMount>
  );
}
