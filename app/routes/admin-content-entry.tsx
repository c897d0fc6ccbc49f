import { data, Link } from "react-router";
import type { Route } from "./+types/admin-content-entry";
import { servicesContext } from "~/context";
import { AdminShell } from "~/components/admin/admin-shell";
import { ContentForm, type EditableEntry, KIND_NAMES } from "~/components/admin/content-form";
import { ContentRevisions } from "~/components/admin/content-revisions";
import { ContentStatus } from "~/components/admin/content-status";
import { smallButtonClass } from "~/components/admin/staff-form-kit";
import { requirePermission } from "~/lib/guards.server";
import { adminMeta } from "~/lib/admin-meta";
import { entryPath } from "../../shared/content-paths";

const KINDS = ["post", "page", "policy"] as const;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requirePermission(context, request, "content.write");
  const content = context.get(servicesContext).contentEntries;
  const now = content.now().toISOString();
  if (!params.id) {
    const kind = KINDS.find((k) => k === new URL(request.url).searchParams.get("kind")) ?? "post";
    const entry: EditableEntry = { id: null, kind, slug: "", title: "", excerpt: "", body: null, cover: null, author: null, category: null, tags: [], featured: false, readTime: null, seoTitle: null, seoDescription: null, status: "draft", publishAt: null };
    return { entry, revisions: [], oldSlugs: [], now };
  }
  if (!/^[1-9]\d{0,9}$/.test(params.id)) throw data(null, { status: 404 });
  const found = await content.find({ id: Number(params.id) });
  if (!found) throw data(null, { status: 404 });
  const { entry, revisions, oldSlugs } = found;
  return { entry: entry as EditableEntry & { id: number; updatedAt: string }, revisions, oldSlugs, now };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  adminMeta(matches, loaderData?.entry.id ? `Edit ${loaderData.entry.title}` : `New ${KIND_NAMES[loaderData?.entry.kind ?? "post"].toLowerCase()}`);

/** /admin/content/new?kind=post and /admin/content/{id}: write, schedule, preview and restore (issue 28). */
export default function AdminContentEntry({ loaderData }: Route.ComponentProps) {
  const { entry, revisions, oldSlugs, now } = loaderData;
  const path = entry.id !== null ? entryPath(entry) : null;
  return (
    <AdminShell
      title={entry.id !== null ? entry.title : `New ${KIND_NAMES[entry.kind].toLowerCase()}`}
      actions={
        path && (
          <div className="flex flex-wrap items-center gap-2">
            <ContentStatus status={entry.status} publishAt={entry.publishAt} now={now} />
            <a href={`${path}?preview=1`} target="_blank" rel="noopener" className={smallButtonClass}>
              Preview<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </div>
        )
      }
    >
      <p className="mb-6 text-sm">
        <Link to={`/admin/content?kind=${entry.kind}`} className="font-semibold underline underline-offset-2">
          ← All {entry.kind === "policy" ? "policies" : `${entry.kind}s`}
        </Link>
      </p>
      {/* A fresh form for each saved version: its fields start from what the server now holds. */}
      <ContentForm key={entry.id === null ? "new" : `${entry.id}-${(entry as { updatedAt?: string }).updatedAt}`} entry={entry} />
      {entry.id !== null && <ContentRevisions entryId={entry.id} kind={entry.kind} status={entry.status} revisions={revisions} oldSlugs={oldSlugs} />}
    </AdminShell>
  );
}
