import { Star } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { FIT_LABELS, FITS, REVIEW_LIMITS, type Fit } from "../../../shared/reviews";
import type { OwnReview } from "../../../server/reviews/review-types";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { ApiError, apiRequest } from "~/lib/api";
import { cn } from "~/lib/cn";

const fieldClass = "mt-1.5 w-full rounded-xl border border-line bg-surface px-3.5 text-base text-ink placeholder:text-ink-muted focus:border-ink focus:outline-none focus-visible:outline-2";
const STAR_WORDS = ["", "Poor", "Fair", "Good", "Very good", "Excellent"];

/** Writes a first review (POST) or edits the buyer's own (PUT); both go to staff before they appear. */
export function ReviewForm({ productId, purchase, existing, onSaved, onCancel }: { productId: number; purchase: { size: string; color: string }; existing: OwnReview | null; onSaved: (review: OwnReview) => void; onCancel: () => void }) {
  const id = useId();
  const [rating, setRating] = useState(existing?.rating ?? 0);
  const [title, setTitle] = useState(existing?.title ?? "");
  const [body, setBody] = useState(existing?.body ?? "");
  const [fit, setFit] = useState<Fit | null>(existing?.fit ?? null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (rating === 0) return setError("Choose a star rating");
    setError(null);
    setBusy(true);
    try {
      const input = { rating, title, body, fit };
      onSaved(existing ? await apiRequest<OwnReview>("PUT", `/api/reviews/${existing.id}`, input) : await apiRequest<OwnReview>("POST", `/api/products/${productId}/reviews`, input));
    } catch (e) {
      setError(e instanceof ApiError ? e.detail : "We couldn't save your review. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4 rounded-2xl border border-line p-4" aria-label={existing ? "Edit your review" : "Write a review"}>
      <p className="text-sm text-ink-muted">
        You bought it in {purchase.color}, size {purchase.size}.
      </p>
      <fieldset>
        <legend className="text-sm font-medium">Your rating</legend>
        <div className="mt-1 flex items-center gap-1">
          {[1, 2, 3, 4, 5].map((stars) => (
            <label key={stars} className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2">
              <input type="radio" name={`${id}-rating`} value={stars} checked={rating === stars} onChange={() => setRating(stars)} className="sr-only" />
              <Star aria-hidden="true" className={cn("size-8 transition", stars <= rating ? "fill-amber-400 text-amber-500" : "text-ink-muted")} />
              <span className="sr-only">
                {stars} {stars === 1 ? "star" : "stars"}: {STAR_WORDS[stars]}
              </span>
            </label>
          ))}
          <span className="ml-2 text-sm text-ink-muted" aria-hidden="true">
            {STAR_WORDS[rating]}
          </span>
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-title`} className="block text-sm font-medium">
          Title
        </label>
        <input id={`${id}-title`} required maxLength={REVIEW_LIMITS.title} value={title} onChange={(e) => setTitle(e.target.value)} className={cn(fieldClass, "h-11")} />
      </div>
      <div>
        <label htmlFor={`${id}-body`} className="block text-sm font-medium">
          Your review
        </label>
        <textarea id={`${id}-body`} required rows={5} maxLength={REVIEW_LIMITS.body} value={body} onChange={(e) => setBody(e.target.value)} aria-describedby={`${id}-body-hint`} className={cn(fieldClass, "py-2.5")} />
        <p id={`${id}-body-hint`} className="mt-1 text-xs text-ink-muted">
          What did you like or not? How does it wear and wash? Please leave out personal details. {body.length}/{REVIEW_LIMITS.body}
        </p>
      </div>
      <fieldset>
        <legend className="text-sm font-medium">
          How does it fit? <span className="font-normal text-ink-muted">(optional)</span>
        </legend>
        <div className="mt-1.5 flex flex-wrap gap-2">
          {FITS.map((f) => (
            <label key={f} className={cn("cursor-pointer rounded-full border px-3.5 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2", fit === f ? "border-ink bg-ink text-surface" : "border-line")}>
              <input type="radio" name={`${id}-fit`} value={f} checked={fit === f} onChange={() => setFit(f)} className="sr-only" />
              {FIT_LABELS[f]}
            </label>
          ))}
          {fit && (
            <button type="button" onClick={() => setFit(null)} className="text-sm underline">
              Clear
            </button>
          )}
        </div>
      </fieldset>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={busy} className={cn(buttonClass, "disabled:opacity-60")}>
          {busy ? "Sending..." : existing ? "Save changes" : "Submit review"}
        </button>
        <button type="button" onClick={onCancel} className={secondaryButtonClass}>
          Cancel
        </button>
      </div>
    </form>
  );
}
