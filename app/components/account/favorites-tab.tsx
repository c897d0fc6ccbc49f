import { Heart } from "lucide-react";
import { Link } from "react-router";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { useAddProduct } from "~/components/product/use-add-product";
import { useFavorites, useToggleFavorite } from "~/lib/favorites";
import { formatPrice } from "~/lib/money";
import { quickAddChoice } from "~/lib/product-options";

export function FavoritesTab() {
  const { data: favorites = [], isPlaceholderData } = useFavorites();
  const { toggle } = useToggleFavorite();
  const { addProduct, isPending } = useAddProduct();
  if (isPlaceholderData && favorites.length > 0) return <p className="text-ink-muted">Loading your favourites...</p>;
  if (favorites.length === 0) {
    return (
      <div className="rounded-3xl bg-surface-muted px-6 py-12 text-center">
        <Heart aria-hidden="true" className="mx-auto size-10 text-ink-muted" />
        <p className="mt-3 font-semibold">No favourites yet</p>
        <p className="mt-1 text-sm text-ink-muted">Tap the heart on any product to keep it here.</p>
        <Link to="/products" className={`${buttonClass} mt-6`}>
          Browse products
        </Link>
      </div>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {favorites.map((product) => (
        <li key={product.id} className="flex gap-4 rounded-2xl border border-line p-3">
          <Link to={`/product/${product.id}`} className="shrink-0">
            <img src={product.image} alt="" width={80} height={100} className="h-25 w-20 rounded-xl bg-surface-muted object-cover" />
          </Link>
          <div className="flex min-w-0 flex-1 flex-col">
            <Link to={`/product/${product.id}`} className="font-semibold hover:underline">
              {product.name}
            </Link>
            <p className="text-sm text-ink-muted">{formatPrice(product.price)}</p>
            <div className="mt-auto flex flex-wrap gap-2 pt-2">
              <button
                type="button"
                disabled={isPending || product.stock <= 0}
                onClick={() => addProduct(product, quickAddChoice(product), { title: "Added to Cart", description: `${product.name} has been added to your cart.` })}
                className={`${buttonClass} h-9 px-4 text-xs disabled:opacity-50`}
              >
                {product.stock > 0 ? "Add to Cart" : "Sold out"}
              </button>
              <button type="button" onClick={() => toggle(product.id, product.name)} className={`${secondaryButtonClass} h-9 px-4 text-xs`}>
                Remove
              </button>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
