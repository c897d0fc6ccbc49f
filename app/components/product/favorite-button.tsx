import { SpriteIcon } from "~/components/ui/sprite-icon";
import { cn } from "~/lib/cn";
import { useToggleFavorite } from "~/lib/favorites";

export function FavoriteButton({ productId, name, className }: { productId: number; name: string; className?: string }) {
  const { isFavorite, toggle, pending } = useToggleFavorite();
  const saved = isFavorite(productId);
  return (
    <button
      type="button"
      onClick={() => toggle(productId, name)}
      disabled={pending}
      aria-pressed={saved}
      data-fav-id={productId}
      aria-label={saved ? `Remove ${name} from favourites` : `Save ${name} to favourites`}
      className={cn("inline-flex size-10 items-center justify-center rounded-full bg-white/90 text-black shadow-sm transition hover:scale-105", className)}
    >
      {/* On a shared page the viewer's stylesheet fills `.heart` of a favourite until the page has hydrated (decision 0034). */}
      <SpriteIcon name="heart" className={cn("heart size-5", saved && "fill-red-600 text-red-600")} />
    </button>
  );
}
