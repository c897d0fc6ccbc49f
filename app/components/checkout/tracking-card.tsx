import { ExternalLink, Truck } from "lucide-react";
import type { OrderStatusAnswer } from "../../../server/orders/order-status-types";

type Tracking = NonNullable<OrderStatusAnswer["order"]["tracking"]>;

const shipDate = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** A shipped order's parcel: carrier, tracking number and a link to follow it. */
export function TrackingCard({ tracking }: { tracking: Tracking }) {
  return (
    <section aria-labelledby="tracking-heading" className="flex flex-col gap-4 rounded-2xl bg-brand-50 p-5 text-ink sm:flex-row sm:items-center dark:bg-brand-700/20">
      <Truck aria-hidden="true" className="size-7 shrink-0 text-brand-700 dark:text-brand-100" />
      <div className="min-w-0 flex-1">
        <h2 id="tracking-heading" className="font-bold">
          Shipped{tracking.shippedAt && ` ${shipDate.format(new Date(tracking.shippedAt))}`} with {tracking.carrier}
        </h2>
        <p className="text-sm">
          Tracking number <span className="font-mono font-semibold">{tracking.number}</span>
        </p>
      </div>
      {tracking.url && (
        <a href={tracking.url} target="_blank" rel="noopener noreferrer" className="inline-flex h-10 w-fit items-center gap-2 rounded-full bg-ink px-5 text-sm font-semibold text-surface">
          Track parcel <span className="sr-only">(opens {tracking.carrier} in a new tab)</span>
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      )}
    </section>
  );
}
