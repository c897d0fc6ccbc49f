import { Check, Package, Truck } from "lucide-react";
import { Link } from "react-router";
import type { Product } from "../../../server/catalog/product-types";
import type { DropPhase } from "../../../shared/drops";
import { preorderShippingNote } from "../../../shared/shipping-copy";
import { buttonClass } from "~/lib/button-classes";
import { formatPrice } from "~/lib/money";

/**
 * The drop's pieces (SPEC §2 VSOP landing's item cards: each with its PRE-ORDER label, price, sizes and a link), then
 * the pre-order details every drop promises from its own data: limited quantities, the delivery date and, when staff
 * set it, free shipping on its pre-orders. `at`: the block's place on the page, keeping its ids apart from another grid's.
 */
export function DropProducts({ at, products, phase, title = "The pieces", ships, limitedQuantities, freeShipping }: { at: number; products: Product[]; phase: Exclude<DropPhase, "scheduled">; title?: string; ships: string; limitedQuantities: boolean; freeShipping: boolean }) {
  return (
    <>
      <section aria-labelledby={`pieces-heading-${at}`} className="container-page py-14">
        <h2 id={`pieces-heading-${at}`} className="font-display text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {products.map((product) => (
            <li key={product.id} className="flex flex-col overflow-hidden rounded-3xl border border-line">
              <img src={product.image} alt={product.name} width={400} height={500} loading="lazy" className="aspect-[4/5] w-full bg-surface-muted object-cover" />
              <div className="flex flex-1 flex-col gap-2 p-5">
                <span className="w-fit rounded-full bg-black/85 px-2 py-1 text-[0.65rem] font-bold tracking-wide text-white dark:bg-white/90 dark:text-black">PRE-ORDER</span>
                <h3 className="text-lg font-semibold">{product.name}</h3>
                <p className="text-xl font-bold">{formatPrice(product.price)}</p>
                <p className="text-sm text-ink-muted">Sizes: {product.sizes.join(", ")}</p>
                <Link to={`/product/${product.id}`} className={`${buttonClass} mt-auto`}>
                  {phase === "open" ? "Pre-order now" : "View details"}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={`details-heading-${at}`} className="container-page pb-14">
        <h2 id={`details-heading-${at}`} className="font-display text-2xl font-bold tracking-tight">
          Pre-order details
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          {[
            { icon: Package, title: limitedQuantities ? "Limited quantities" : "Made to order", text: limitedQuantities ? "One numbered production run. When it's gone, it's gone." : "Every pre-order is made for you." },
            { icon: Truck, title: `Delivery ${ships}`, text: "Every pre-order ships on the release date." },
            { icon: Check, title: preorderShippingNote(freeShipping) ?? "Shipping at checkout", text: freeShipping ? "No minimum spend: an order of pre-orders alone ships free." : "Shipping is worked out for your address at checkout." },
          ].map(({ icon: Icon, title: heading, text }) => (
            <li key={heading} className="rounded-2xl bg-surface-muted p-5">
              <Icon aria-hidden="true" className="size-6 text-brand-700 dark:text-brand-500" />
              <h3 className="mt-3 font-semibold">{heading}</h3>
              <p className="mt-1 text-sm text-ink-muted">{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
