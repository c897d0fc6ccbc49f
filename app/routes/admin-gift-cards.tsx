import { Link } from "react-router";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/admin-gift-cards";
import { servicesContext } from "~/context";
import { AdminShell, AdminTable, StatGrid, tdClass } from "~/components/admin/admin-shell";
import { AdjustGiftCardForm, GiftCardStatusForm, IssueGiftCardForm } from "~/components/admin/gift-card-forms";
import { Reveal } from "~/components/admin/staff-form-kit";
import { requirePermission } from "~/lib/guards.server";
import { formatPrice } from "~/lib/money";

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "giftcards.write");
  return context.get(servicesContext).giftCards.listGiftCards({});
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Gift cards");

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const dollars = (cents: number) => formatPrice(cents / 100);

/** Gift cards (issue 51): issue one (its code shown once), and adjust or disable any, each change audited. */
export default function AdminGiftCards({ loaderData }: Route.ComponentProps) {
  const cards = loaderData.giftCards;
  const active = cards.filter((c) => c.status === "active");
  return (
    <AdminShell title="Gift cards">
      <StatGrid
        stats={[
          ["Cards", cards.length],
          ["Outstanding balance", dollars(active.reduce((sum, c) => sum + c.balanceCents, 0))],
          ["Waiting to be sent", cards.filter((c) => c.orderNumber && !c.sentAt).length],
        ]}
      />
      <h2 className="mb-3 mt-8 font-semibold">Issue a card</h2>
      <IssueGiftCardForm />
      <h2 className="mb-3 mt-8 font-semibold">Cards</h2>
      {cards.length === 0 ? (
        <p className="text-ink-muted">No gift cards yet: issue one above, or sell the Gift Card product.</p>
      ) : (
        <AdminTable label="Gift cards" headers={["Card", "From", "Balance", "Status", "Changes"]}>
          {cards.map((c) => {
            const name = c.last4 ? `•••• ${c.last4}` : "Not sent yet";
            return (
              <tr key={c.id} className="align-top">
                <td className={tdClass}>
                  <span className="font-mono font-semibold">{name}</span>
                  <span className="block text-xs text-ink-muted">
                    {c.recipientEmail ? `For ${c.recipientEmail}` : "No recipient"}
                    {c.sendAt && !c.sentAt ? ` · sends ${dateFormat.format(new Date(c.sendAt))}` : ""}
                    {c.expiresAt ? ` · expires ${dateFormat.format(new Date(c.expiresAt))}` : " · never expires"}
                  </span>
                </td>
                <td className={tdClass}>
                  {c.orderNumber ? (
                    <Link to={`/admin/orders/${c.orderNumber}`} className="font-semibold underline">
                      Order {c.orderNumber}
                    </Link>
                  ) : (
                    <span>Issued by {c.issuedBy?.replace(/^staff:/, "") ?? "staff"}</span>
                  )}
                  <span className="block text-xs text-ink-muted">{dateFormat.format(new Date(c.createdAt))}</span>
                </td>
                <td className={`${tdClass} tabular-nums`}>
                  {dollars(c.balanceCents)}
                  <span className="block text-xs text-ink-muted">of {dollars(c.initialCents)}</span>
                </td>
                <td className={tdClass}>
                  <span className={c.status === "active" ? "font-medium text-green-800 dark:text-green-300" : "text-ink-muted"}>{c.status === "active" ? "Active" : "Disabled"}</span>
                </td>
                <td className={`${tdClass} min-w-64 space-y-2`}>
                  <Reveal id={`adjust-${c.id}`} label={<span>Adjust <span className="sr-only">{name}</span></span>}>
                    {(close) => <AdjustGiftCardForm id={c.id} last4={c.last4 ?? "card"} onDone={close} />}
                  </Reveal>
                  <Reveal id={`status-${c.id}`} label={<span>{c.status === "active" ? "Disable" : "Enable"} <span className="sr-only">{name}</span></span>}>
                    {(close) => <GiftCardStatusForm id={c.id} last4={c.last4 ?? "card"} status={c.status} onDone={close} />}
                  </Reveal>
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}
    </AdminShell>
  );
}
