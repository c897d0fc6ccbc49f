import { AdminTable, tdClass } from "~/components/admin/admin-shell";
import { SOCIAL_NETWORKS } from "../../../shared/store-settings";

export interface AuditEntryView {
  id: number;
  actor: string;
  entity: string;
  entityId: string;
  action: string;
  before: unknown;
  after: unknown;
  at: string;
}

const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const show = (v: unknown) => (v === null || v === undefined ? "—" : typeof v === "string" ? v : JSON.stringify(v));

const LABELS: Record<string, string> = {
  onHand: "On hand",
  preorderClosesAt: "Pre-orders close",
  shipsAt: "Ships",
  freeShipping: "Free shipping",
  limitedQuantities: "Limited quantities",
  name: "Name",
  weightGrams: "Weight (grams)",
  taxCategoryId: "Tax category",
  storeName: "Store name",
  legalName: "Legal name",
  addressLine1: "Address",
  addressLine2: "Address line 2",
  city: "City",
  region: "State / region",
  postalCode: "Postal code",
  country: "Country",
  supportEmail: "Support email",
  phone: "Phone",
  senderName: "Sender name",
  senderEmail: "Sender email",
  logoKey: "Logo",
  consentScope: "Cookie banner asks",
  links: "Links",
  ...Object.fromEntries(Object.entries(SOCIAL_NETWORKS).map(([network, { label }]) => [`socialLinks.${network}`, label])),
};

/** "On hand: 4 → 10" for each field that changed; identifying fields that did not change (a SKU) are left out. */
export function describeChange(before: unknown, after: unknown): string[] {
  const [b, a] = [asRecord(before), asRecord(after)];
  return [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => show(b[k]) !== show(a[k])).map((k) => `${LABELS[k] ?? k}: ${show(b[k])} → ${show(a[k])}`);
}

/** Who changed what and when, newest first: the audit log of one product (its variants included) or one record. */
export function AuditHistory({ entries, label = "Change history" }: { entries: AuditEntryView[]; label?: string }) {
  return (
    <section aria-labelledby="history-heading" className="mt-8">
      <h2 id="history-heading" className="mb-3 font-semibold">
        {label}
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-ink-muted">No staff changes yet.</p>
      ) : (
        <AdminTable label={`${label} table`} headers={["When", "Who", "What", "Change"]}>
          {entries.map((e) => {
            const sku = asRecord(e.after).sku ?? asRecord(e.before).sku;
            return (
              <tr key={e.id}>
                <td className={`${tdClass} whitespace-nowrap tabular-nums`}>
                  <time dateTime={e.at}>{e.at.slice(0, 16).replace("T", " ")} UTC</time>
                </td>
                <td className={tdClass}>{e.actor.replace(/^staff:/, "")}</td>
                <td className={tdClass}>
                  {e.entity} {typeof sku === "string" ? sku : e.entityId} · {e.action}
                </td>
                <td className={tdClass}>
                  <ul>
                    {describeChange(e.before, e.after).map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}
    </section>
  );
}
