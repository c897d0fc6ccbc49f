import { z } from "zod";

export const SORTS = ["newest", "price-low", "price-high", "rating"] as const;
export type Sort = (typeof SORTS)[number];
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 24;

const dollars = z
  .string()
  .regex(/^\d{1,6}(\.\d{1,2})?$/, "must be an amount in dollars, like 49.99")
  .transform((v) => Math.round(Number(v) * 100));

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

/** "black,NAVY" → ["Black", "Navy"]: colours and sizes match the catalogue's spelling whatever the URL's case. */
const nameList = (normalize: (v: string) => string) =>
  z
    .string()
    .max(400, "is too long")
    .transform((v) => [...new Set(v.split(",").map((s) => s.trim()).filter(Boolean).map(normalize))])
    .pipe(z.array(z.string().max(30, "has a name that is too long")).max(20, "has too many values"));

const titleCase = (v: string) => v.charAt(0).toUpperCase() + v.slice(1).toLowerCase();
const sizeCase = (v: string) => (v.toLowerCase() === "one size" ? "One Size" : v.toUpperCase());

/**
 * Filters, sort and pagination for product listings, as query parameters (the API and the category pages share
 * it). Unknown parameters are refused.
 */
export const listingQuerySchema = z
  .object({
    minPrice: dollars.optional(),
    maxPrice: dollars.optional(),
    colors: nameList(titleCase).optional(),
    sizes: nameList(sizeCase).optional(),
    sort: z.enum(SORTS, { error: `must be one of ${SORTS.join(", ")}` }).optional(),
    featured: z.enum(["true", "false"], { error: "must be true or false" }).transform((v) => v === "true").optional(),
    page: wholeNumber(1, 10_000).optional(),
    limit: wholeNumber(1, MAX_PAGE_SIZE).optional(),
  })
  .strict()
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: "minPrice must not be above maxPrice",
    path: ["minPrice"],
  });

export type ListingQuery = z.infer<typeof listingQuerySchema>;

/** Query string → plain object; a repeated key (colors=a&colors=b) reads as a comma list. */
export function searchParamsToObject(params: URLSearchParams): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of params) result[key] = key in result ? `${result[key]},${value}` : value;
  return result;
}

/**
 * For pages: keeps every parameter that parses and drops the rest, so a mangled link still shows a listing.
 * (The API is strict and answers 400 instead.)
 */
export function parseListingQueryLenient(params: URLSearchParams): ListingQuery {
  const raw = searchParamsToObject(params);
  const shape = listingQuerySchema.shape;
  const query: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const field = shape[key as keyof typeof shape];
    const parsed = field?.safeParse(value);
    if (parsed?.success && parsed.data !== undefined) query[key] = parsed.data;
  }
  const lenient = query as ListingQuery;
  if (lenient.minPrice !== undefined && lenient.maxPrice !== undefined && lenient.minPrice > lenient.maxPrice) delete lenient.minPrice;
  return lenient;
}
