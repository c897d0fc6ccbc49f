import { formatPrice } from "~/lib/money";

export interface OrderEditView {
  status: "awaiting_payment" | "applied" | "expired" | "canceled";
  changes: string[];
  differenceCents: number;
  by: string;
  at: string;
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const STATUS: Record<OrderEditView["status"], string> = { applied: "Applied", awaiting_payment: "Waiting for payment", expired: "Lapsed unpaid", canceled: "Canceled" };

function settled(e: OrderEditView): string {
  if (e.differenceCents > 0) return `${formatPrice(e.differenceCents / 100)} ${e.status === "applied" ? "paid" : e.status === "awaiting_payment" ? "to pay" : "not paid"}`;
  if (e.differenceCents < 0) return `${formatPrice(-e.differenceCents / 100)} refunded`;
  return "Nothing to pay";
}

/** Each change staff made to an order (issue 51): what, who, when, and how the difference was settled. */
export function OrderEdits({ edits, large = false }: { edits: OrderEditView[]; /** The shopper's pages' larger section heading. */ large?: boolean }) {
  return (
    <section aria-labelledby="order-edits-title" className="rounded-2xl border border-line p-5 text-sm">
      <h2 id="order-edits-title" className={large ? "text-lg font-bold" : "font-semibold"}>
        Changes to this order
      </h2>
      <ol className="mt-3 space-y-4">
        {edits.map((e) => (
          <li key={e.at}>
            <p className="font-medium">
              {STATUS[e.status]} · <span className="tabular-nums">{settled(e)}</span>
            </p>
            <ul className="mt-1 list-disc pl-5">
              {e.changes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
            <p className="mt-1 text-ink-muted">
              By {e.by} · <time dateTime={e.at}>{dateFormat.format(new Date(e.at))}</time>
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
