import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation, useSubmit } from "react-router";
import type { Facets } from "../../../server/catalog/list-facets";
import type { ListingQuery } from "../../../server/catalog/listing-query";
import { swatchFor } from "~/lib/swatches";
import { newestQuery } from "./newest-query";

export const PRICE_CEILING = 200;
const PRICE_STEP = 10;

/** Drops what means "no filter" (the top of the price slider) before the URL is built. */
function cleaned(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    if (key === "maxPrice" && Number(value) >= PRICE_CEILING) continue;
    params.append(key, String(value));
  }
  return params;
}

/** Price, colour and size filters (SPEC §5: slider 0-200 step 10, any-match). They live in the URL and apply as they change. */
function listParam(params: URLSearchParams, key: string): string[] {
  return params.getAll(key).flatMap((v) => v.split(",")).map((v) => v.trim().toLowerCase());
}

const sliderValue = (maxPriceCents: number | undefined) => (maxPriceCents === undefined ? PRICE_CEILING : Math.min(PRICE_CEILING, Math.round(maxPriceCents / 100)));

export function FilterForm({ facets, query, idPrefix }: { facets: Facets; query: ListingQuery; idPrefix: string }) {
  const submit = useSubmit();
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  // The slider's submit runs 350 ms after its change: it reads the navigation as it is then, not as it was.
  const latestNavigation = useRef(navigation);
  useEffect(() => {
    latestNavigation.current = navigation;
  }, [navigation]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const fromUrl = () => {
    const params = new URLSearchParams(search);
    return { maxPrice: sliderValue(query.maxPrice), colors: listParam(params, "colors"), sizes: listParam(params, "sizes") };
  };
  // The shopper's choices show at once; when the URL changes under them (Clear all, back button) they follow it.
  const [choice, setChoice] = useState(fromUrl);
  const [seenSearch, setSeenSearch] = useState(search);
  if (seenSearch !== search) {
    setSeenSearch(search);
    setChoice(fromUrl());
  }
  const toggle = (key: "colors" | "sizes", value: string) =>
    setChoice((c) => ({ ...c, [key]: c[key].includes(value) ? c[key].filter((v) => v !== value) : [...c[key], value] }));
  const maxPrice = choice.maxPrice;
  const apply = (form: HTMLFormElement, delay = 0) => {
    clearTimeout(timer.current);
    const params = cleaned(form);
    const go = () => {
      // The order as it is now: one chosen while the slider waited, or not yet rendered, stays.
      const sort = newestQuery(latestNavigation.current, pathname).get("sort");
      params.delete("sort");
      if (sort) params.set("sort", sort);
      void submit(params, { method: "get", action: pathname, replace: true, preventScrollReset: true });
    };
    if (delay > 0) timer.current = setTimeout(go, delay);
    else go();
  };
  const filtered = query.maxPrice !== undefined || query.colors?.length || query.sizes?.length;
  return (
    <Form method="get" action={pathname} onChange={(e) => apply(e.currentTarget, e.target instanceof HTMLInputElement && e.target.type === "range" ? 350 : 0)} className="space-y-8">
      {query.sort && <input type="hidden" name="sort" value={query.sort} />}
      <fieldset>
        <legend className="text-sm font-semibold">Price</legend>
        <label htmlFor={`${idPrefix}-price`} className="mt-3 flex justify-between text-sm text-ink-muted">
          <span>Up to</span>
          <span className="font-semibold text-ink tabular-nums">{maxPrice >= PRICE_CEILING ? `$${PRICE_CEILING}+` : `$${maxPrice}`}</span>
        </label>
        <input
          id={`${idPrefix}-price`}
          type="range"
          name="maxPrice"
          min={0}
          max={PRICE_CEILING}
          step={PRICE_STEP}
          value={maxPrice}
          onChange={(e) => setChoice((c) => ({ ...c, maxPrice: Number(e.target.value) }))}
          aria-valuetext={maxPrice >= PRICE_CEILING ? "Any price" : `Up to $${maxPrice}`}
          className="mt-2 w-full accent-brand-700"
        />
        <div className="flex justify-between text-xs text-ink-muted" aria-hidden="true">
          <span>$0</span>
          <span>${PRICE_CEILING}</span>
        </div>
      </fieldset>
      {facets.colors.length > 0 && (
        <fieldset>
          <legend className="text-sm font-semibold">Colour</legend>
          <ul className="mt-3 grid grid-cols-2 gap-2">
            {facets.colors.map((color) => (
              <li key={color}>
                <label className="flex cursor-pointer items-center gap-2 rounded-lg py-1 text-sm">
                  <input type="checkbox" name="colors" value={color} checked={choice.colors.includes(color.toLowerCase())} onChange={() => toggle("colors", color.toLowerCase())} className="size-4 accent-brand-700" />
                  <span aria-hidden="true" className="size-4 rounded-full border border-black/20 dark:border-white/30" style={{ background: swatchFor(color) }} />
                  {color}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {facets.sizes.length > 0 && (
        <fieldset>
          <legend className="text-sm font-semibold">Size</legend>
          <ul className="mt-3 flex flex-wrap gap-2">
            {facets.sizes.map((size) => (
              <li key={size}>
                <label className="relative inline-flex cursor-pointer">
                  <input type="checkbox" name="sizes" value={size} checked={choice.sizes.includes(size.toLowerCase())} onChange={() => toggle("sizes", size.toLowerCase())} className="peer sr-only" />
                  <span className="min-w-11 rounded-lg border border-line px-2.5 py-1.5 text-center text-sm peer-checked:border-ink peer-checked:bg-ink peer-checked:text-surface peer-focus-visible:outline-3 peer-focus-visible:outline-brand-500">
                    {size}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <div className="flex items-center gap-4">
        <noscript>
          <button type="submit" className="rounded-full bg-ink px-4 py-2 text-sm font-semibold text-surface">
            Apply filters
          </button>
        </noscript>
        {filtered && (
          <Link to={query.sort ? `${pathname}?sort=${query.sort}` : pathname} replace preventScrollReset className="text-sm font-medium underline">
            Clear all filters
          </Link>
        )}
      </div>
    </Form>
  );
}
