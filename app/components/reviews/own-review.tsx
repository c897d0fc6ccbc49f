import { useEffect, useState } from "react";
import type { OwnReview as Review, ReviewEligibility } from "../../../server/reviews/review-types";
import { secondaryButtonClass } from "~/components/layout/status-screen";
import { Stars } from "~/components/product/stars";
import { apiRequest } from "~/lib/api";
import { toast } from "~/lib/toast";
import { ReviewForm } from "./review-form";

const STATUS_TEXT: Record<Review["status"], string> = {
  pending: "Waiting for a quick check before it appears",
  published: "Published",
  rejected: "Not published",
};

/**
 * A signed-in shopper's side of a product's reviews: write one, or see, edit or delete theirs; or why they can't.
 * Loaded by write-review.tsx only for signed-in shoppers, in the browser (it asks their account first).
 */
export default function OwnReview({ productId, productName, onChanged }: { productId: number; productName: string; onChanged: () => void }) {
  const [editing, setEditing] = useState(false);
  const [data, setData] = useState<ReviewEligibility | null>(null);
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    let current = true;
    apiRequest<ReviewEligibility>("GET", `/api/account/reviews/${productId}`).then(
      (answer) => current && setData(answer),
      () => {}, // nothing to offer: the reviews themselves are still there
    );
    return () => {
      current = false;
    };
  }, [productId, changes]);

  if (!data) return null;
  const review = data.review;
  const purchase = data.purchase ?? (review ? { size: review.size, color: review.color } : null);

  /** The list and this shopper's standing are asked for again. */
  function changed() {
    setChanges((n) => n + 1);
    onChanged();
  }

  function saved(next: Review) {
    setEditing(false);
    setData({ ...data!, canReview: false, review: next });
    changed();
    toast.success("Thanks for your review", { description: "It appears here once we've checked it, usually within a day." });
  }

  async function remove() {
    if (!review || !window.confirm(`Delete your review of the ${productName}?`)) return;
    await apiRequest("DELETE", `/api/reviews/${review.id}`);
    changed();
    toast.success("Your review was deleted");
  }

  if (editing && purchase) return <ReviewForm productId={productId} purchase={purchase} existing={review} onSaved={saved} onCancel={() => setEditing(false)} />;
  if (review) {
    return (
      <div className="space-y-2 rounded-2xl border border-line p-4 text-sm">
        <p className="font-semibold">Your review</p>
        <Stars rating={review.rating} />
        <p className="font-medium">{review.title}</p>
        <p className="text-ink-muted">
          {STATUS_TEXT[review.status]}
          {review.status === "rejected" && review.rejectReason ? `: ${review.rejectReason}` : ""}
        </p>
        <div className="flex gap-4 pt-1">
          <button type="button" className="font-semibold underline" onClick={() => setEditing(true)}>
            Edit
          </button>
          <button type="button" className="font-semibold underline" onClick={remove}>
            Delete
          </button>
        </div>
      </div>
    );
  }
  if (data.canReview) {
    return (
      <button type="button" className={`${secondaryButtonClass} w-full`} onClick={() => setEditing(true)}>
        Write a review
      </button>
    );
  }
  return <p className="text-sm text-ink-muted">{data.reason}</p>;
}
