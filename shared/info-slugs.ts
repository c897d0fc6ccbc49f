/**
 * The information pages' addresses (/shipping, /returns...): routes, the shared-page rule and content links need only
 * these, not the pages' seed text (shared/info-pages.ts), which would otherwise reach every page's JavaScript.
 */
export const INFO_SLUGS = ["shipping", "returns", "faq", "sustainability", "stores", "careers", "privacy", "terms", "accessibility", "quality", "designs"] as const;

export type InfoSlug = (typeof INFO_SLUGS)[number];
