import { z } from "zod";
import { isAllowedHref } from "../../shared/rich-text";

/** A path on this store ("/category/sale", never "//host") or an https address: where a home button or the bar links. */
export const isStoreOrHttpsLink = (href: string) => isAllowedHref(href) && (href.startsWith("/") || /^https:\/\//i.test(href));

export const linkUrlSchema = z
  .string()
  .trim()
  .min(1, "enter a link")
  .max(500, "use at most 500 characters")
  .refine(isStoreOrHttpsLink, "must be a path on this store (starting with /) or an https:// address");
