import { Link } from "react-router";
import type { Route } from "./+types/admin-search-terms";
import { adminMeta } from "~/lib/admin-meta";
import { servicesContext } from "~/context";
import { AdminShell } from "~/components/admin/admin-shell";
import { NewSynonymGroup, SynonymGroupRow } from "~/components/admin/synonym-editor";
import { requirePermission } from "~/lib/guards.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "products.write");
  const search = context.get(servicesContext).search;
  const [groups, misses] = await Promise.all([search.synonyms.list(), search.topMisses()]);
  return { groups, misses, adding: new URL(request.url).searchParams.get("add")?.slice(0, 40) ?? "" };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Search");

/** Issue 33: the searches that found nothing, and the synonym groups that fix them. */
export default function AdminSearchTerms({ loaderData }: Route.ComponentProps) {
  const { groups, misses, adding } = loaderData;
  return (
    <AdminShell title="Search">
      <section aria-labelledby="misses-heading" className="mb-10">
        <h2 id="misses-heading" className="font-display text-xl font-bold">
          Searches that found nothing
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-ink-muted">The last 30 days, after typo correction, most frequent first. Only the words are kept: no address, no account.</p>
        {misses.length === 0 ? (
          <p className="mt-4 rounded-2xl border border-dashed border-line p-5 text-sm text-ink-muted">Every search found something.</p>
        ) : (
          <div className="mt-4 overflow-x-auto rounded-2xl border border-line">
            <table className="w-full text-left text-sm">
              <thead className="bg-surface-muted text-xs uppercase tracking-wide text-ink-muted">
                <tr>
                  <th scope="col" className="px-4 py-2">Query</th>
                  <th scope="col" className="px-4 py-2 text-right">Searches</th>
                  <th scope="col" className="px-4 py-2">Last</th>
                  <th scope="col" className="px-4 py-2"><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody>
                {misses.map((m) => (
                  <tr key={m.query} className="border-t border-line">
                    <td className="px-4 py-2 font-medium">{m.query}</td>
                    <td className="px-4 py-2 text-right tabular-nums">{m.count}</td>
                    <td className="px-4 py-2 text-ink-muted">{m.lastDay}</td>
                    <td className="px-4 py-2">
                      <div className="flex flex-wrap justify-end gap-3">
                        <Link to={`?add=${encodeURIComponent(m.query)}#new-synonyms`} className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-500">
                          Add synonym<span className="sr-only"> for “{m.query}”</span>
                        </Link>
                        <Link to={`/admin/products?q=${encodeURIComponent(m.query)}`} className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-500">
                          Open product editor<span className="sr-only"> for “{m.query}”</span>
                        </Link>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="synonyms-heading">
        <h2 id="synonyms-heading" className="font-display text-xl font-bold">
          Synonyms
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-ink-muted">Any word of a group finds what the others find. A change applies to the next search.</p>
        <ul className="mt-4 space-y-2">
          {groups.map((g) => (
            <SynonymGroupRow key={`${g.id}-${g.terms.join()}`} group={g} />
          ))}
        </ul>
        <NewSynonymGroup key={adding} initial={adding} />
      </section>
    </AdminShell>
  );
}
