import { useState } from "react";
import { adminMeta } from "~/lib/admin-meta";
import { useRevalidator } from "react-router";
import type { Route } from "./+types/admin-discounts";
import { servicesContext } from "~/context";
import { AdminShell, AdminTable, StatGrid, tdClass } from "~/components/admin/admin-shell";
import { NewDiscountForm } from "~/components/admin/discount-form";
import { ApiError, apiRequest } from "~/lib/api";
import { requirePermission } from "~/lib/guards.server";
import { formatPrice } from "~/lib/money";
import { toast } from "~/lib/toast";

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "discounts.write");
  const { admin } = context.get(servicesContext);
  const [list, options] = await Promise.all([admin.listDiscounts(), admin.productFormOptions()]);
  return { ...list, collections: options.collections.map(({ slug, name }) => ({ slug, name })) };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Discounts");

type Discount = Route.ComponentProps["loaderData"]["discounts"][number];

const utc = (iso: string | Date) => `${new Date(iso).toISOString().slice(0, 16).replace("T", " ")} UTC`;

function takesOff(d: Discount): string {
  const what = d.kind === "percent" ? `${d.percentOff}% off` : d.kind === "fixed" ? `${formatPrice(d.amountOffCents! / 100)} off` : "Free shipping";
  return d.collections.length ? `${what} ${d.collections.map((c) => c.name).join(", ")}` : what;
}

function conditions(d: Discount): string {
  const parts = [
    d.minSubtotalCents !== null && `from ${formatPrice(d.minSubtotalCents / 100)}`,
    d.startsAt && `starts ${utc(d.startsAt)}`,
    d.expiresAt && `ends ${utc(d.expiresAt)}`,
    d.oncePerCustomer && "once per customer",
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : "Any order, any time";
}

function ActiveToggle({ discount }: { discount: Discount }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  async function toggle() {
    setBusy(true);
    try {
      await apiRequest("PATCH", `/api/admin/discounts/${discount.code}`, { active: !discount.active });
      toast.success(`${discount.code} ${discount.active ? "disabled" : "enabled"}`);
      await revalidator.revalidate();
    } catch (error) {
      toast.error("Couldn't change the code", { description: error instanceof ApiError ? error.detail : undefined });
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" onClick={toggle} disabled={busy} aria-label={`${discount.active ? "Disable" : "Enable"} ${discount.code}`} className="h-9 rounded-lg border border-ink px-3 text-xs font-semibold disabled:opacity-40">
      {discount.active ? "Disable" : "Enable"}
    </button>
  );
}

export default function AdminDiscounts({ loaderData }: Route.ComponentProps) {
  const { discounts, offers, collections } = loaderData;
  const revenue = discounts.reduce((sum, d) => sum + d.revenueCents, 0);
  return (
    <AdminShell title="Discounts">
      <StatGrid
        className="grid-cols-2 lg:grid-cols-4"
        stats={[
          ["Staff codes", discounts.length],
          ["Paid orders with a code", discounts.reduce((n, d) => n + d.uses, 0) + offers.uses],
          ["Revenue from staff codes", formatPrice(revenue / 100)],
          ["Exit-intent offers used", `${offers.uses} of ${offers.made}`],
        ]}
      />
      <div className="mt-6">
        <NewDiscountForm collections={collections} />
      </div>
      <h2 className="mb-3 mt-8 font-semibold">Codes</h2>
      {discounts.length === 0 ? (
        <p className="text-ink-muted">No codes yet: create one above.</p>
      ) : (
        <AdminTable label="Discount codes" headers={["Code", "Takes off", "Conditions", "Uses", "Revenue", "Status"]}>
          {discounts.map((d) => (
            <tr key={d.code}>
              <td className={`${tdClass} font-mono font-semibold`}>{d.code}</td>
              <td className={tdClass}>{takesOff(d)}</td>
              <td className={`${tdClass} text-ink-muted`}>{conditions(d)}</td>
              <td className={`${tdClass} tabular-nums`}>
                {d.uses}
                {d.usageLimit !== null && ` of ${d.usageLimit}`}
                {d.held > 0 && <span className="block text-xs text-ink-muted">{d.held} in open checkouts</span>}
              </td>
              <td className={`${tdClass} tabular-nums`}>{formatPrice(d.revenueCents / 100)}</td>
              <td className={tdClass}>
                <div className="flex items-center gap-2">
                  <span className={d.active ? "font-medium text-green-800 dark:text-green-300" : "text-ink-muted"}>{d.active ? "Active" : "Disabled"}</span>
                  <ActiveToggle discount={d} />
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminShell>
  );
}
