import { SpriteIcon } from "~/components/ui/sprite-icon";
import { FIT_LABELS } from "../../../shared/reviews";
import type { Review } from "../../../server/reviews/review-types";
import { Stars } from "~/components/product/stars";
import { useStoreSettings } from "~/lib/store-settings";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** One published review: stars, title, who and what they bought, the words (as text), and the store's reply. */
export function ReviewItem({ review }: { review: Review }) {
  const store = useStoreSettings();
  return (
    <article className="space-y-2 border-b border-line py-6 first:pt-0 last:border-0" aria-labelledby={`review-${review.id}`}>
      <Stars rating={review.rating} />
      <h3 id={`review-${review.id}`} className="font-semibold">
        {review.title}
      </h3>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-muted">
        <span className="font-medium text-ink">{review.author}</span>
        <span className="inline-flex items-center gap-1 font-semibold text-emerald-800 dark:text-emerald-300">
          <SpriteIcon name="badge-check" className="size-3.5" /> Verified purchase
        </span>
        <span>
          Bought {review.color}, size {review.size}
        </span>
        {review.fit && <span>Fit: {FIT_LABELS[review.fit]}</span>}
        <time dateTime={review.date}>{dateFormat.format(new Date(review.date))}</time>
      </p>
      <p className="whitespace-pre-line text-sm leading-relaxed">{review.body}</p>
      {review.reply && (
        <div className="mt-3 rounded-xl border-l-4 border-ink bg-surface-muted p-3 text-sm">
          <p className="flex items-center gap-1.5 font-semibold">
            <SpriteIcon name="store" className="size-4" /> Reply from {store?.name ?? "the store"}
          </p>
          <p className="mt-1 whitespace-pre-line">{review.reply.text}</p>
        </div>
      )}
    </article>
  );
}
