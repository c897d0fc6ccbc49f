import { Form, Link } from "react-router";
import type { Route } from "./+types/admin-content";
import { servicesContext } from "~/context";
import { AdminShell, AdminTable, tdClass } from "~/components/admin/admin-shell";
import { KIND_NAMES, type ContentKind } from "~/components/admin/content-form";
import { ContentStatus } from "~/components/admin/content-status";
import { smallButtonClass } from "~/components/admin/staff-form-kit";
import { requirePermission } from "~/lib/guards.server";
import { cn } from "~/lib/cn";
import { adminMeta } from "~/lib/admin-meta";
import { utcLabel } from "~/lib/utc-time";
import { entryPath } from "../../shared/content-paths";

const KINDS = [
  { value: null, label: "Everything" },
  { value: "post", label: "Posts" },
  { value: "page", label: "Pages" },
  { value: "policy", label: "Policies" },
] as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "content.write");
  const params = new URL(request.url).searchParams;
  const kind = KINDS.find((k) => k.value && k.value === params.get("kind"))?.value ?? undefined;
  const q = params.get("q")?.trim().slice(0, 100) || undefined;
  const services = context.get(servicesContext);
  return { ...(await services.contentEntries.list({ kind, q })), kind: kind ?? null, q: q ?? "", now: services.contentEntries.now().toISOString() };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Content");

/** /admin/content: the blog's posts, the information pages and the policies (issue 28). */
export default function AdminContent({ loaderData }: Route.ComponentProps) {
  const { entries, kind, q, now } = loaderData;
  const query = (k: string | null) => `?${new URLSearchParams({ ...(k ? { kind: k } : {}), ...(q ? { q } : {}) })}`;
  return (
    <AdminShell
      title="Content"
      actions={
        <div className="flex flex-wrap gap-2">
          {(["post", "page", "policy"] as const).map((k) => (
            <Link key={k} to={`/admin/content/new?kind=${k}`} className={smallButtonClass}>
              New {KIND_NAMES[k].toLowerCase()}
            </Link>
          ))}
        </div>
      }
    >
      <p className="mb-6 max-w-2xl text-ink-muted">Every word around the catalogue: the blog, the information pages and the policies. A scheduled entry goes live at its time by itself.</p>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <nav aria-label="Kind of content" className="flex flex-wrap gap-2">
          {KINDS.map((k) => (
            <Link
              key={k.label}
              to={query(k.value)}
              aria-current={kind === k.value ? "page" : undefined}
              className={cn("rounded-full border px-4 py-2 text-sm font-semibold", kind === k.value ? "border-ink bg-ink text-surface" : "border-line hover:border-ink")}
            >
              {k.label}
            </Link>
          ))}
        </nav>
        <Form method="get" role="search" className="flex items-end gap-2">
          {kind && <input type="hidden" name="kind" value={kind} />}
          <div>
            <label htmlFor="content-search" className="block text-sm font-medium">
              Search titles and addresses
            </label>
            <input id="content-search" name="q" type="search" defaultValue={q} maxLength={100} className="mt-1 h-10 w-64 max-w-full rounded-xl border border-line bg-surface px-3 text-sm" />
          </div>
          <button type="submit" className={cn(smallButtonClass, "h-10")}>
            Search
          </button>
        </Form>
      </div>
      {entries.length === 0 ? (
        <p className="text-ink-muted">{q ? `Nothing matches "${q}".` : "Nothing here yet."}</p>
      ) : (
        <AdminTable label="Content entries" headers={["Title", "Kind", "Status", "Address", "Last change"]}>
          {entries.map((e) => (
            <tr key={e.id}>
              <td className={tdClass}>
                <Link to={`/admin/content/${e.id}`} className="font-semibold underline underline-offset-2">
                  {e.title}
                </Link>
              </td>
              <td className={tdClass}>{KIND_NAMES[e.kind as ContentKind]}</td>
              <td className={tdClass}>
                <ContentStatus status={e.status} publishAt={e.publishAt} now={now} />
              </td>
              <td className={cn(tdClass, "font-mono text-xs")}>{entryPath(e)}</td>
              <td className={cn(tdClass, "whitespace-nowrap text-ink-muted")}>
                {utcLabel(e.updatedAt)}
                {e.updatedBy && <span className="block text-xs">{e.updatedBy.replace(/^staff:/, "")}</span>}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminShell>
  );
}
