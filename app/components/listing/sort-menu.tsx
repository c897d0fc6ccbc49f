import { Form, useLocation, useNavigation, useSubmit } from "react-router";
import type { ListingQuery } from "../../../server/catalog/listing-query";
import { newestQuery } from "./newest-query";

const options = [
  { value: "newest", label: "Newest" },
  { value: "price-low", label: "Price: Low to High" },
  { value: "price-high", label: "Price: High to Low" },
  { value: "rating", label: "Top Rated" },
];

/** Keeps the current filters and changes only the order. */
export function SortMenu({ query }: { query: ListingQuery }) {
  const submit = useSubmit();
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const pendingSort = navigation.location?.pathname === pathname ? new URLSearchParams(navigation.location.search).get("sort") : null;
  // The hidden fields carry the filters when the form is sent without JavaScript; with it, the newest query does.
  const kept = [...new URLSearchParams(search)].filter(([key]) => key !== "sort" && key !== "page");
  const sortBy = (sort: string) => {
    const params = newestQuery(navigation, pathname);
    params.delete("page");
    params.set("sort", sort);
    void submit(params, { method: "get", action: pathname, replace: true, preventScrollReset: true });
  };
  return (
    <Form method="get" action={pathname} className="flex items-center gap-2">
      {kept.map(([key, value], i) => (
        <input key={`${key}-${i}`} type="hidden" name={key} value={value} />
      ))}
      <label htmlFor="sort" className="text-sm text-ink-muted">
        Sort by
      </label>
      <select
        id="sort"
        name="sort"
        value={pendingSort ?? query.sort ?? "newest"}
        onChange={(e) => sortBy(e.target.value)}
        className="h-10 rounded-full border border-line bg-surface px-4 text-sm font-medium text-ink focus:border-ink"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="text-sm underline">
          Sort
        </button>
      </noscript>
    </Form>
  );
}
