import type { Photo } from "../../../server/catalog/product-types";
import { photoJpeg, photoSrcSet } from "../../../shared/photo-urls";

/**
 * A staff photo as a responsive <picture>: AVIF, then WebP, then JPEG, each at every width made, with `sizes` telling
 * the browser how wide it is drawn, and the width and height so the page does not shift while it loads.
 */
export function ProductPicture({ photo, sizes, alt = photo.alt, eager = false, className }: { photo: Photo; sizes: string; alt?: string; eager?: boolean; className?: string }) {
  return (
    <picture>
      <source type="image/avif" srcSet={photoSrcSet(photo, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={photoSrcSet(photo, "webp")} sizes={sizes} />
      <img
        src={photoJpeg(photo)}
        srcSet={photoSrcSet(photo, "jpg")}
        sizes={sizes}
        alt={alt}
        width={photo.width}
        height={photo.height}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : undefined}
        decoding={eager ? undefined : "async"}
        className={className}
      />
    </picture>
  );
}
