import { Link } from "react-router";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/admin-reviews";
import { servicesContext } from "~/context";
import { AdminShell } from "~/components/admin/admin-shell";
import { ReviewActions } from "~/components/admin/review-actions";
import { Stars } from "~/components/product/stars";
import { FIT_LABELS } from "../../shared/reviews";
import { requirePermission } from "~/lib/guards.server";
import { cn } from "~/lib/cn";

const STATUSES = [
  { value: "pending", label: "Waiting" },
  { value: "published", label: "Published" },
  { value: "rejected", label: "Rejected" },
] as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "products.write");
  const params = new URL(request.url).searchParams;
  const status = STATUSES.find((s) => s.value === params.get("status"))?.value ?? "pending";
  const page = Math.max(1, Math.min(10_000, Number(params.get("page")) || 1));
  return { ...(await context.get(servicesContext).reviews.staff.list({ status, page })), status };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Reviews");

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** Staff: the moderation queue (oldest first), and the published and rejected reviews. */
export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  const { reviews, counts, status, page, pageCount } = loaderData;
  return (
    <AdminShell title="Reviews">
      <nav aria-label="Review status" className="mb-6 flex flex-wrap gap-2">
        {STATUSES.map((s) => (
          <Link
            key={s.value}
            to={`?status=${s.value}`}
            aria-current={status === s.value ? "page" : undefined}
            className={cn("rounded-full border px-4 py-2 text-sm font-semibold", status === s.value ? "border-ink bg-ink text-surface" : "border-line hover:border-ink")}
          >
            {s.label} <span className="tabular-nums">({counts[s.value]})</span>
          </Link>
        ))}
      </nav>
      {reviews.length === 0 ? (
        <p className="text-ink-muted">{status === "pending" ? "Nothing to moderate: every review has been looked at." : `No ${status} reviews.`}</p>
      ) : (
        <ul className="space-y-4">
          {reviews.map((r) => (
            <li key={r.id} className="grid gap-4 rounded-2xl border border-line p-5 md:grid-cols-[1fr_16rem]">
              <article className="min-w-0 space-y-2" aria-labelledby={`staff-review-${r.id}`}>
                <p className="text-sm">
                  <Link to={`/product/${r.productId}#reviews`} className="font-semibold underline">
                    {r.productName}
                  </Link>
                  <span className="text-ink-muted"> · bought {r.color}, size {r.size}{r.orderNumber && <> in <Link to={`/admin/orders/${r.orderNumber}`} className="underline">{r.orderNumber}</Link></>}</span>
                </p>
                <Stars rating={r.rating} />
                <h2 id={`staff-review-${r.id}`} className="font-semibold">
                  {r.title}
                </h2>
                <p className="whitespace-pre-line break-words text-sm">{r.body}</p>
                <p className="text-xs text-ink-muted">
                  {r.author} ({r.authorEmail}) · {dateFormat.format(new Date(r.date))}
                  {r.fit && ` · Fit: ${FIT_LABELS[r.fit]}`}
                  {r.moderatedBy && ` · last handled by ${r.moderatedBy.replace(/^staff:/, "")}`}
                </p>
                {r.rejectReason && <p className="text-sm text-red-700 dark:text-red-400">Rejected: {r.rejectReason}</p>}
                {r.reply && (
                  <p className="rounded-xl bg-surface-muted p-3 text-sm">
                    <span className="font-semibold">Store reply: </span>
                    {r.reply.text}
                  </p>
                )}
              </article>
              <ReviewActions review={r} />
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 && (
        <nav aria-label="Pages" className="mt-6 flex items-center gap-4 text-sm">
          {page > 1 && <Link to={`?status=${status}&page=${page - 1}`} className="font-semibold underline">Previous</Link>}
          <span className="text-ink-muted">Page {page} of {pageCount}</span>
          {page < pageCount && <Link to={`?status=${status}&page=${page + 1}`} className="font-semibold underline">Next</Link>}
        </nav>
      )}
    </AdminShell>
  );
}
