import type { CreditAnswer } from "../../../server/credit/store-credit";
import { formatPrice } from "~/lib/money";

const KIND_LABELS: Record<CreditAnswer["entries"][number]["kind"], string> = { return: "Return", staff: "From the store", checkout: "Checkout", refund: "Refund" };

/** The account's store credit (issue 51): the balance, then every movement, newest first. */
export function StoreCreditTab({ credit }: { credit: CreditAnswer }) {
  return (
    <section aria-labelledby="credit-heading" className="max-w-2xl space-y-6">
      <div>
        <h2 id="credit-heading" className="text-lg font-bold">
          Store credit
        </h2>
        <p className="mt-1 text-3xl font-bold">{formatPrice(credit.balanceCents / 100)}</p>
        <p className="text-sm text-ink-muted">Use it at checkout while signed in: it pays before your card.</p>
      </div>
      {credit.entries.length === 0 ? (
        <p className="text-sm text-ink-muted">No store credit yet. A return can end in store credit, and the store may give some.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Store credit history</caption>
          <thead className="text-ink-muted">
            <tr>
              <th scope="col" className="py-2 font-medium">Date</th>
              <th scope="col" className="py-2 font-medium">What</th>
              <th scope="col" className="py-2 text-right font-medium">Amount</th>
            </tr>
          </thead>
          <tbody>
            {credit.entries.map((e) => (
              <tr key={e.id} className="border-t border-line">
                <td className="py-2">{new Date(e.createdAt).toLocaleDateString("en-US", { dateStyle: "medium" })}</td>
                <td className="py-2">
                  {KIND_LABELS[e.kind]}: {e.reason}
                  {e.orderNumber ? ` (${e.orderNumber})` : ""}
                </td>
                <td className={`py-2 text-right tabular-nums ${e.amountCents > 0 ? "text-green-700 dark:text-green-400" : ""}`}>
                  {e.amountCents > 0 ? "+" : "−"}
                  {formatPrice(Math.abs(e.amountCents) / 100)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
