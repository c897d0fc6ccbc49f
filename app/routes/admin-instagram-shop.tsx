import { Download, ExternalLink } from "lucide-react";
import { adminMeta } from "~/lib/admin-meta";
import { ScheduledFeedAddress } from "~/components/admin/scheduled-feed-address";
import { useState } from "react";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/admin-instagram-shop";
import { servicesContext } from "~/context";
import { AdminShell, StatGrid } from "~/components/admin/admin-shell";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { requirePermission } from "~/lib/guards.server";
import { formatPrice } from "~/lib/money";
import { useStoreSettings } from "~/lib/store-settings";
import { storeSlug } from "../../shared/store-settings";

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "settings");
  const { feed } = context.get(servicesContext);
  const [summary, scheduledUrl] = await Promise.all([feed.summary(), feed.scheduledUrl()]);
  return { summary, scheduledUrl, rotatable: feed.rotatable };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Instagram Shop");

/** SPEC §2: In Stock when stock above 0, Pre-order when flagged, else Out of Stock. */
function status(product: { stock: number; preorder: boolean }) {
  if (product.stock > 0) return { label: "In Stock", className: "bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-200" };
  if (product.preorder) return { label: "Pre-order", className: "bg-blue-100 text-blue-800 dark:bg-blue-900 dark:text-blue-200" };
  return { label: "Out of Stock", className: "bg-surface-muted text-ink" };
}

/** The file as the server names it (the store's name first), or the same name without the date. */
async function downloadFeed(storeName: string): Promise<void> {
  const res = await fetch("/api/instagram-shop/feed", { credentials: "include" });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? `${storeSlug(storeName)}-instagram-catalog.csv`;
  const url = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export default function InstagramShop({ loaderData }: Route.ComponentProps) {
  const { summary, scheduledUrl, rotatable } = loaderData;
  const storeName = useStoreSettings()?.name ?? "your store";
  const [busy, setBusy] = useState(false);
  async function generate() {
    setBusy(true);
    try {
      await downloadFeed(storeName);
      toast.success("Feed Generated", { description: "Instagram Shop catalog has been downloaded successfully." });
    } catch {
      toast.error("Error", { description: "Failed to generate Instagram Shop feed." });
    } finally {
      setBusy(false);
    }
  }
  return (
    <AdminShell
      title="Instagram Shop"
      actions={
        <div className="flex flex-wrap gap-2">
          <button type="button" onClick={generate} disabled={busy} className={`${buttonClass} disabled:opacity-60`}>
            <Download aria-hidden="true" className="size-4" /> {busy ? "Generating..." : "Download Catalog Feed"}
          </button>
          <a href="https://business.facebook.com/commerce" target="_blank" rel="noopener noreferrer" className={secondaryButtonClass}>
            Commerce Manager <ExternalLink aria-hidden="true" className="size-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </div>
      }
    >
      <StatGrid
        stats={[
          ["Total products", summary.total],
          ["Instagram Ready", summary.instagramReady],
          ["Tech-casual (VSOP)", summary.techCasual],
        ]}
      />
      <section aria-labelledby="setup-heading" className="mt-8 rounded-3xl border border-line p-6">
        <h2 id="setup-heading" className="font-semibold">
          Setup
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-ink-muted">
          <li>Open Commerce Manager and create a catalog for {storeName} (type: E-commerce).</li>
          <li>Choose Data sources → Data feed → Scheduled feed, and give it this address:</li>
          <li className="list-none">
            <ScheduledFeedAddress url={scheduledUrl} rotatable={rotatable} />
          </li>
          <li>Schedule it daily, currency USD. Each row is one colour and size, grouped by product (item_group_id).</li>
          <li>Connect the catalog to your Instagram professional account under Sales channels → Instagram Shopping.</li>
          <li>Or upload a file once: use Download Catalog Feed above and add it as a single upload.</li>
        </ol>
      </section>
      <section aria-labelledby="list-heading" className="mt-8">
        <h2 id="list-heading" className="mb-3 font-semibold">
          Products {summary.total > summary.products.length && <span className="font-normal text-ink-muted">(first {summary.products.length} of {summary.total})</span>}
        </h2>
        <ul className="max-h-[32rem] divide-y divide-line overflow-y-auto rounded-2xl border border-line" tabIndex={0} aria-label="Catalog products">
          {summary.products.map((p) => {
            const s = status(p);
            return (
              <li key={p.id} className="flex items-center gap-3 px-4 py-2 text-sm">
                <img src={p.image} alt="" width={32} height={40} loading="lazy" className="h-10 w-8 rounded bg-surface-muted object-cover" />
                <span className="flex-1 font-medium">{p.name}</span>
                {/* SPEC §2's VSOP badge, for a piece of any drop: labelled by its drop's address ("VSOP" for /vsop), named in full for screen readers. */}
                {p.drops.map((d) => (
                  <span key={d.id} title={d.name} className="rounded-full bg-black/85 px-2 py-0.5 text-[0.65rem] font-bold text-white dark:bg-white/90 dark:text-black">
                    <span aria-hidden="true">{d.slug.toUpperCase()}</span>
                    <span className="sr-only">{d.name}</span>
                  </span>
                ))}
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${s.className}`}>{s.label}</span>
                <span className="w-20 text-right tabular-nums">{formatPrice(p.price)}</span>
              </li>
            );
          })}
        </ul>
      </section>
    </AdminShell>
  );
}
