import { useState } from "react";
import { cn } from "~/lib/cn";
import { photoJpeg } from "../../../shared/photo-urls";
import type { Photo } from "../../../server/catalog/product-types";
import { ProductPicture } from "~/components/product/product-picture";

const MAX_THUMBNAILS = 4;

const MAIN_SIZES = "(min-width: 1024px) 40vw, 92vw";

/**
 * The product's pictures: staff photos when it has any (the first is the page's largest paint, loaded at once with
 * high priority; thumbnails lazily), else its drawings.
 */
export function ProductGallery({ images, photos = [], name }: { images: string[]; photos?: Photo[]; name: string }) {
  const [selected, setSelected] = useState(0);
  const count = Math.min(photos.length || images.length, MAX_THUMBNAILS);
  const index = Math.min(selected, count - 1);
  const photo = photos[index];
  const current = images.slice(0, MAX_THUMBNAILS)[index] ?? images[0];
  const shown = photos.length ? photos.slice(0, MAX_THUMBNAILS).map((p) => photoJpeg(p, 320)) : images.slice(0, MAX_THUMBNAILS);
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-hidden rounded-3xl bg-surface-muted">
        {photo ? (
          <ProductPicture photo={photo} sizes={MAIN_SIZES} eager className="aspect-[4/5] w-full object-cover" />
        ) : (
          <img src={current} alt={name} width={400} height={500} fetchPriority="high" className="aspect-[4/5] w-full object-cover" />
        )}
      </div>
      {shown.length > 1 && (
        <ul className="grid grid-cols-4 gap-3" aria-label="Product images">
          {shown.map((image, i) => (
            <li key={image}>
              <button
                type="button"
                onClick={() => setSelected(i)}
                aria-label={`Show image ${i + 1} of ${shown.length}`}
                aria-pressed={i === selected}
                className={cn(
                  "block w-full overflow-hidden rounded-xl border-2 bg-surface-muted transition",
                  i === selected ? "border-ink" : "border-transparent hover:border-line",
                )}
              >
                <img src={image} alt="" width={100} height={125} loading="lazy" className="aspect-[4/5] w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
