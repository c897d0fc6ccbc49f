import { Link } from "react-router";
import type { Product } from "../../../server/catalog/product-types";
import { formatPrice } from "~/lib/money";
import { productBadges } from "~/lib/product-badges";
import { quickAddChoice } from "~/lib/product-options";
import { ColorSwatches } from "./color-swatches";
import { FavoriteButton } from "./favorite-button";
import { ProductPicture } from "./product-picture";
import { StarRating } from "./star-rating";
import { SpriteIcon } from "~/components/ui/sprite-icon";
import { useAddProduct } from "./use-add-product";

export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  const badges = productBadges(product);
  const onSale = product.compareAtPrice !== null;
  const { addProduct, isPending } = useAddProduct();
  // While adding, the button stays focusable (aria-disabled, not disabled) so focus comes back to it from the drawer.
  const quickAdd = () =>
    !isPending &&
    addProduct(product, quickAddChoice(product), { title: "Added to Cart", description: `${product.name} has been added to your cart.` });
  return (
    <article className="group relative flex w-full flex-col">
      <div className="relative aspect-[4/5] overflow-hidden rounded-2xl bg-surface-muted">
        {product.photo ? (
          <ProductPicture photo={product.photo} alt="" sizes="(min-width: 1024px) 22vw, (min-width: 640px) 30vw, 46vw" eager={eager} className="size-full object-cover transition duration-300 group-hover:scale-[1.03]" />
        ) : (
          <img
            src={product.image}
            alt=""
            width={400}
            height={500}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className="size-full object-cover transition duration-300 group-hover:scale-[1.03]"
          />
        )}
        {(badges.length > 0 || onSale) && (
          <ul className="absolute left-3 top-3 flex flex-wrap gap-1.5" aria-label="Highlights">
            {onSale && <li className="rounded-full bg-red-700 px-2 py-1 text-[0.65rem] font-bold tracking-wide text-white">SALE</li>}
            {badges.map((badge) => (
              <li key={badge} className="rounded-full bg-black/85 px-2 py-1 text-[0.65rem] font-bold tracking-wide text-white">
                {badge}
              </li>
            ))}
          </ul>
        )}
        <FavoriteButton productId={product.id} name={product.name} className="absolute right-3 top-3 z-10" />
      </div>
      <div className="mt-3 flex flex-1 flex-col gap-1">
        <h3 className="text-sm font-semibold leading-snug">
          <Link to={`/product/${product.id}`} className="after:absolute after:inset-0 after:rounded-2xl">
            {product.name}
          </Link>
        </h3>
        <StarRating rating={product.rating} reviewCount={product.reviewCount} />
        <ColorSwatches colors={product.colors} />
        <p className="mt-auto flex items-baseline gap-2 pt-1">
          <span className={onSale ? "font-semibold text-red-700 dark:text-red-400" : "font-semibold"}>{formatPrice(product.price)}</span>
          {onSale && (
            <span className="text-sm text-ink-muted line-through">
              <span className="sr-only">was </span>
              {formatPrice(product.compareAtPrice!)}
            </span>
          )}
        </p>
        <button
          type="button"
          onClick={quickAdd}
          disabled={product.stock <= 0}
          aria-disabled={isPending || undefined}
          aria-label={product.stock > 0 ? `Add ${product.name} to cart` : `${product.name} is sold out`}
          className="relative z-10 mt-2 inline-flex h-10 items-center justify-center gap-2 rounded-full border border-ink text-sm font-semibold transition hover:bg-ink hover:text-surface disabled:cursor-not-allowed disabled:border-line disabled:text-ink-muted disabled:hover:bg-transparent aria-disabled:cursor-wait aria-disabled:opacity-60"
        >
          <SpriteIcon name="bag" className="size-4" />
          {product.stock > 0 ? (isPending ? "Adding..." : "Add to Cart") : "Sold out"}
        </button>
      </div>
    </article>
  );
}
