import { Printer } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Invoice } from "../../../server/orders/invoice";
import { photoUrl } from "../../../shared/photo-urls";
import { addressLines } from "../../../shared/store-settings";
import { buttonClass, secondaryButtonClass } from "~/lib/button-classes";
import { formatPrice } from "~/lib/money";

/** Cents as the store writes money everywhere (lib/money.ts); a deduction with a true minus sign. */
const money = (cents: number) => (cents < 0 ? `−${formatPrice(-cents / 100)}` : formatPrice(cents / 100));
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long" });
const date = (iso: string) => dateFormat.format(new Date(iso));

/**
 * On paper the page is always light, whatever the screen's theme: the tokens are set back to the light ones (app.css),
 * and the page margins are the printer's job, not the card's.
 */
const PRINT_TOKENS = "print:[--ink:#16171a] print:[--ink-muted:#45484d] print:[--line:#d4d2cc] print:[--surface:#ffffff] print:[--surface-muted:#ffffff]";

function Party({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-xs font-semibold uppercase tracking-[0.2em] text-ink-muted">{title}</h2>
      <div className="mt-2 text-sm leading-6">{children}</div>
    </div>
  );
}

function Lines({ lines }: { lines: string[] }) {
  return (
    <address className="not-italic">
      {lines.map((line, i) => (
        <span key={i} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

/** The seller as the settings say now (issue 27): the logo when there is one, else the store's name. */
function Seller({ seller }: { seller: Invoice["seller"] }) {
  return (
    <div className="space-y-3">
      {seller.logo ? (
        <img src={photoUrl(seller.logo.key, seller.logo.widths.at(-1)!, "jpg")} alt={seller.name} height={40} className="h-10 w-auto max-w-48 object-contain" />
      ) : (
        <p className="font-display text-2xl font-black tracking-[0.12em]">{seller.name}</p>
      )}
      <div className="text-sm leading-6">
        <p className="font-semibold">{seller.legalName}</p>
        <Lines lines={addressLines(seller.address)} />
        <p>{seller.supportEmail}</p>
        {seller.phone && <p>{seller.phone}</p>}
      </div>
    </div>
  );
}

const cell = "py-2.5 align-top";
const numeric = `${cell} text-right tabular-nums`;

/** A paid order's invoice (issue 27), for the screen and for paper: `back` is the order page it came from. */
export function InvoiceDocument({ invoice, back }: { invoice: Invoice; back: string }) {
  const netCents = invoice.totalCents - invoice.refundedCents;
  return (
    <main id="main" className={`min-h-screen bg-surface-muted px-4 py-8 text-ink print:p-0 ${PRINT_TOKENS}`}>
      <style>{"@page { margin: 16mm 14mm; }"}</style>
      <nav aria-label="Invoice" className="mx-auto mb-6 flex max-w-3xl flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={back} className={`${secondaryButtonClass} h-10`}>
          Back to order {invoice.orderNumber}
        </Link>
        <button type="button" onClick={() => window.print()} className={`${buttonClass} h-10`}>
          <Printer aria-hidden="true" className="size-4" />
          Print or save as PDF
        </button>
      </nav>
      <article aria-labelledby="invoice-title" className="mx-auto max-w-3xl rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-10 print:max-w-none print:rounded-none print:border-0 print:p-0 print:shadow-none">
        <header className="flex flex-wrap items-start justify-between gap-8 border-b border-line pb-8">
          <Seller seller={invoice.seller} />
          <div className="sm:text-right">
            <h1 id="invoice-title" className="font-display text-3xl font-bold tracking-tight">
              Invoice
            </h1>
            <dl className="mt-3 grid grid-cols-[auto_auto] gap-x-4 gap-y-1 text-sm">
              <dt className="text-ink-muted">Invoice number</dt>
              <dd className="font-semibold" data-testid="invoice-number">
                {invoice.number}
              </dd>
              <dt className="text-ink-muted">Order</dt>
              <dd>{invoice.orderNumber}</dd>
              <dt className="text-ink-muted">Order date</dt>
              <dd>{date(invoice.orderedAt)}</dd>
              <dt className="text-ink-muted">Paid</dt>
              <dd>{date(invoice.paidAt)}</dd>
            </dl>
          </div>
        </header>

        <div className="grid gap-6 border-b border-line py-8 sm:grid-cols-2">
          <Party title="Billed to">
            <p className="font-semibold">{invoice.billTo.name}</p>
            <p>{invoice.billTo.email}</p>
          </Party>
          <Party title="Shipped to">
            <p className="font-semibold">{invoice.shipTo.name}</p>
            <Lines lines={addressLines(invoice.shipTo)} />
          </Party>
        </div>

        <table className="mt-8 w-full text-sm">
          <caption className="sr-only">Items</caption>
          <thead>
            <tr className="border-b border-line text-left text-xs uppercase tracking-[0.12em] text-ink-muted">
              <th scope="col" className="pb-2 font-semibold">
                Item
              </th>
              <th scope="col" className="pb-2 text-right font-semibold">
                Qty
              </th>
              <th scope="col" className="pb-2 text-right font-semibold">
                Unit price
              </th>
              <th scope="col" className="pb-2 text-right font-semibold">
                Amount
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {invoice.lines.map((line) => (
              <tr key={line.id} className="break-inside-avoid">
                <td className={cell}>
                  <span className="block font-medium">{line.name}</span>
                  <span className="block text-ink-muted">{[line.color, `Size ${line.size}`].filter(Boolean).join(" · ")}</span>
                </td>
                <td className={numeric}>{line.quantity}</td>
                <td className={numeric}>{money(line.unitCents)}</td>
                <td className={numeric}>{money(line.totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <dl className="ml-auto mt-4 max-w-xs space-y-1.5 border-t border-line pt-4 text-sm" data-testid="invoice-charges">
          {invoice.charges.map((charge) => (
            <div key={charge.label} className="flex justify-between gap-6">
              <dt className="text-ink-muted">{charge.label}</dt>
              <dd className="tabular-nums">{money(charge.cents)}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-6 border-t border-line pt-2 text-base font-bold">
            <dt>Total</dt>
            <dd className="tabular-nums" data-testid="invoice-total">
              {money(invoice.totalCents)}
            </dd>
          </div>
          {invoice.refundedCents > 0 && (
            <>
              <div className="flex justify-between gap-6">
                <dt className="text-ink-muted">Refunded</dt>
                <dd className="tabular-nums">{money(-invoice.refundedCents)}</dd>
              </div>
              <div className="flex justify-between gap-6 font-semibold">
                <dt>Net paid</dt>
                <dd className="tabular-nums">{money(netCents)}</dd>
              </div>
            </>
          )}
        </dl>

        {invoice.taxes.length > 0 && (
          <section aria-labelledby="tax-heading" className="mt-10 break-inside-avoid">
            <h2 id="tax-heading" className="text-xs font-semibold uppercase tracking-[0.2em] text-ink-muted">
              Tax summary{invoice.taxIncluded && <span className="normal-case tracking-normal"> (included in the prices)</span>}
            </h2>
            <table className="mt-2 w-full text-sm" data-testid="invoice-taxes">
              <thead>
                <tr className="border-b border-line text-left text-xs text-ink-muted">
                  <th scope="col" className="pb-2 font-semibold">
                    Tax
                  </th>
                  <th scope="col" className="pb-2 font-semibold">
                    Jurisdiction
                  </th>
                  <th scope="col" className="pb-2 text-right font-semibold">
                    Rate
                  </th>
                  <th scope="col" className="pb-2 text-right font-semibold">
                    Taxable amount
                  </th>
                  <th scope="col" className="pb-2 text-right font-semibold">
                    Tax
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {invoice.taxes.map((tax) => (
                  <tr key={`${tax.jurisdiction}|${tax.label}|${tax.rate}`}>
                    <td className={cell}>{tax.label}</td>
                    <td className={cell}>{tax.jurisdiction}</td>
                    <td className={numeric}>{tax.rate}</td>
                    <td className={numeric}>{money(tax.taxableCents)}</td>
                    <td className={numeric}>{money(tax.taxCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}

        {invoice.refunds.length > 0 && (
          <section aria-labelledby="refunds-heading" className="mt-10 break-inside-avoid">
            <h2 id="refunds-heading" className="text-xs font-semibold uppercase tracking-[0.2em] text-ink-muted">
              Refunds
            </h2>
            <ul className="mt-2 divide-y divide-line text-sm">
              {invoice.refunds.map((r) => (
                <li key={r.id} className="flex justify-between gap-6 py-2.5">
                  <span>
                    {date(r.at)} · {r.reason}
                    {r.status === "pending" && <span className="text-ink-muted"> (on its way)</span>}
                  </span>
                  <span className="tabular-nums">{money(-r.cents)}</span>
                </li>
              ))}
            </ul>
          </section>
        )}

        <footer className="mt-12 border-t border-line pt-6 text-sm text-ink-muted">
          <p>
            Questions about this invoice? Write to {invoice.seller.supportEmail}
            {invoice.seller.phone && <> or call {invoice.seller.phone}</>}, quoting {invoice.number}.
          </p>
          <p className="mt-1">Thank you for shopping with {invoice.seller.name}.</p>
        </footer>
      </article>
    </main>
  );
}
