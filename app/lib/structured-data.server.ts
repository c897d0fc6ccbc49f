import type { ProductDetail } from "../../server/catalog/product-types";
import type { Review } from "../../server/reviews/review-types";
import type { Crumb } from "./breadcrumbs";
import { descriptionText } from "../../shared/description";
import { offerAvailability } from "../../shared/product-stock";
import { absoluteUrl, photoJpeg } from "../../shared/photo-urls";
import type { PublicStore } from "../../shared/store-settings";

/**
 * Product JSON-LD: a ProductGroup varying by colour and size, one Product with an Offer per variant. The rating and
 * the reviews are the published ones the page shows, and are left out when there are none (Google's review snippet rules).
 */
export function productJsonLd(product: ProductDetail, { origin, brand, reviews = [] }: { origin: string; brand: string; reviews?: Review[] }) {
  const url = `${origin}/product/${product.id}`;
  return {
    "@context": "https://schema.org",
    "@type": "ProductGroup",
    name: product.name,
    description: descriptionText(product.description),
    url,
    productGroupID: `VS-${product.id}`,
    brand: { "@type": "Brand", name: brand },
    image: product.images.map((i) => absoluteUrl(origin, i)),
    variesBy: ["https://schema.org/color", "https://schema.org/size"],
    aggregateRating: product.reviewCount > 0 ? { "@type": "AggregateRating", ratingValue: product.rating, reviewCount: product.reviewCount, bestRating: 5, worstRating: 1 } : undefined,
    review: reviews.length
      ? reviews.map((r) => ({
          "@type": "Review",
          author: { "@type": "Person", name: r.author },
          datePublished: r.date.slice(0, 10),
          name: r.title,
          reviewBody: r.body,
          reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
        }))
      : undefined,
    hasVariant: product.variants.map((v) => ({
      "@type": "Product",
      name: `${product.name} (${v.color}, ${v.size})`,
      sku: v.sku,
      color: v.color,
      size: v.size,
      image: absoluteUrl(origin, product.colorImages[v.color]?.[0] ?? product.image),
      offers: {
        "@type": "Offer",
        url,
        price: v.price.toFixed(2),
        priceCurrency: "USD",
        availability: offerAvailability(product.preorder, v.available),
        itemCondition: "https://schema.org/NewCondition",
      },
    })),
  };
}

export function breadcrumbJsonLd(crumbs: Crumb[], origin: string, currentPath: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.label, item: `${origin}${c.href ?? currentPath}` })),
  };
}

/**
 * The store as an Organization (Google's logo and knowledge-panel signals), on the home page: its name, legal name,
 * logo, postal address, contact and social profiles, all from the settings.
 */
export function organizationJsonLd(store: PublicStore, origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: store.name,
    legalName: store.legalName,
    url: `${origin}/`,
    logo: store.logo ? absoluteUrl(origin, photoJpeg(store.logo, 640)) : undefined,
    email: store.supportEmail,
    telephone: store.phone ?? undefined,
    address: {
      "@type": "PostalAddress",
      streetAddress: [store.address.line1, store.address.line2].filter(Boolean).join(", "),
      addressLocality: store.address.city,
      addressRegion: store.address.region,
      postalCode: store.address.postalCode,
      addressCountry: store.address.country,
    },
    contactPoint: { "@type": "ContactPoint", contactType: "customer support", email: store.supportEmail, telephone: store.phone ?? undefined },
    sameAs: store.socialLinks.length ? store.socialLinks.map((s) => s.url) : undefined,
  };
}
