import { useEffect, useState } from "react";
import type { ReviewSort } from "../../../shared/reviews";
import type { ReviewPage } from "../../../server/reviews/review-types";
import { apiRequest } from "~/lib/api";

export interface ReviewQuery {
  sort: ReviewSort;
  rating?: number;
  page: number;
}

const FIRST = "sort=newest&page=1";

interface Fetched {
  /** By query string; null when the call failed. */
  pages: ReadonlyMap<string, ReviewPage | null>;
  /** The newest answer, shown while the next one is on its way. */
  latest: ReviewPage;
  /** How many times the shopper's own review changed: after that the loader's first page is out of date too. */
  reloads: number;
}

/**
 * A product's reviews for the shopper's sort, star filter and page: the loader's first page (newest, every rating)
 * as it is, the others fetched when asked for and kept while the page is open. While one is on its way the last one
 * stays up (`isFetching`). `reload` fetches again after the shopper's own review was saved or deleted.
 */
export function useReviewPage(productId: number, query: ReviewQuery, first: ReviewPage) {
  const search = new URLSearchParams({ sort: query.sort, page: String(query.page), ...(query.rating ? { rating: String(query.rating) } : {}) }).toString();
  const [fetched, setFetched] = useState<Fetched>({ pages: new Map(), latest: first, reloads: 0 });
  const page = fetched.pages.get(search);
  const fromLoader = search === FIRST && fetched.reloads === 0 ? first : undefined;
  const isFetching = page === undefined && !fromLoader;

  useEffect(() => {
    if (!isFetching) return;
    let current = true;
    const keep = (answer: ReviewPage | null) => {
      if (current) setFetched((f) => ({ ...f, pages: new Map(f.pages).set(search, answer), latest: answer ?? f.latest }));
    };
    apiRequest<ReviewPage>("GET", `/api/products/${productId}/reviews?${search}`).then(keep, () => keep(null));
    return () => {
      current = false;
    };
  }, [isFetching, productId, search, fetched.reloads]);

  return {
    data: page ?? fromLoader ?? fetched.latest,
    isFetching,
    reload: () => setFetched((f) => ({ pages: new Map(), latest: f.pages.get(search) ?? (search === FIRST && f.reloads === 0 ? first : f.latest), reloads: f.reloads + 1 })),
  };
}
