import { and, desc, eq, ilike, inArray, ne, or } from "drizzle-orm";
import type { Database } from "../db/client";
import { contentEntries, contentRevisions, contentSlugRedirects, type ContentEntryRow, type ContentKind } from "../db/schema";
import { recordAudit } from "../audit/audit-log";
import { AppError } from "../errors";
import type { Tx } from "../zones/staff-change";
import type { EntryChange, EntryFields } from "./entry-schemas";
import { isLive, isLiveEntry } from "./published";
import { assertNotInMenu } from "../menus/menu-links";

type StaffChange = { db: Database; actor: string; now: Date };

/** What a revision keeps: every field staff edit. */
const snapshotOf = (e: ContentEntryRow) => ({
  slug: e.slug,
  title: e.title,
  excerpt: e.excerpt,
  body: e.body,
  cover: e.cover,
  author: e.author,
  category: e.category,
  tags: e.tags,
  featured: e.featured,
  readTime: e.readTime,
  seoTitle: e.seoTitle,
  seoDescription: e.seoDescription,
  status: e.status,
  publishAt: e.publishAt?.toISOString() ?? null,
});
export type ContentSnapshot = ReturnType<typeof snapshotOf>;

/** An entry as the staff API answers it. */
export const entryJson = <E extends Omit<ContentEntryRow, "body">>(e: E) => ({
  ...e,
  publishAt: e.publishAt?.toISOString() ?? null,
  publishedAt: e.publishedAt?.toISOString() ?? null,
  createdAt: e.createdAt.toISOString(),
  updatedAt: e.updatedAt.toISOString(),
});

/**
 * When it first went live (a post's date): kept once that time has come; until then it follows the entry, so a
 * rescheduled post takes its new time and one published early takes today.
 */
function firstPublished(status: string, publishAt: Date | null, publishedAt: Date | null, now: Date): Date | null {
  if (publishedAt && publishedAt <= now) return publishedAt;
  if (status === "published") return now;
  if (status === "scheduled") return publishAt;
  return null;
}

function assertSchedule(status: string, publishAt: Date | null) {
  if (status === "scheduled" && !publishAt) throw new AppError("bad_request", "A scheduled entry needs publishAt");
}

/** Pages and policies share their addresses (/{slug} or /pages/{slug}), so a slug is free for both or neither. */
const ADDRESS_KINDS: Record<ContentKind, ContentKind[]> = { post: ["post"], page: ["page", "policy"], policy: ["page", "policy"] };

async function assertSlugFree(tx: Tx, kind: ContentKind, slug: string, id: number | null) {
  const [taken] = await tx
    .select({ id: contentEntries.id, kind: contentEntries.kind })
    .from(contentEntries)
    .where(and(inArray(contentEntries.kind, ADDRESS_KINDS[kind]), eq(contentEntries.slug, slug), id === null ? undefined : ne(contentEntries.id, id)));
  if (taken) throw new AppError("conflict", `Another ${taken.kind} already uses the address "${slug}"`);
}

async function saveRevision(tx: Tx, entry: ContentEntryRow, actor: string, now: Date, action: string, before: ContentSnapshot | null) {
  const snapshot = snapshotOf(entry);
  await tx.insert(contentRevisions).values({ entryId: entry.id, snapshot, actor, at: now });
  await recordAudit(tx, { actor, entity: "content", entityId: entry.id, action, before, after: snapshot }, now);
}

export async function createEntry({ db, actor, now, input }: StaffChange & { input: EntryFields }) {
  assertSchedule(input.status, input.publishAt);
  return db.transaction(async (tx) => {
    await assertSlugFree(tx, input.kind, input.slug, null);
    const [entry] = await tx
      .insert(contentEntries)
      .values({ ...input, publishedAt: firstPublished(input.status, input.publishAt, null, now), createdAt: now, updatedAt: now, updatedBy: actor })
      .returning();
    await saveRevision(tx, entry!, actor, now, "create", null);
    return entryJson(entry!);
  });
}

async function lockEntry(tx: Tx, id: number) {
  const [entry] = await tx.select().from(contentEntries).where(eq(contentEntries.id, id)).for("update");
  if (!entry) throw new AppError("not_found", `Content entry ${id} not found`);
  return entry;
}

/** Applies a change, keeps a revision and, when the slug changed, a redirect from the old one. */
async function applyChange(tx: Tx, entry: ContentEntryRow, change: EntryChange | Partial<Omit<ContentEntryRow, "id" | "kind">>, { actor, now, action }: { actor: string; now: Date; action: string }) {
  const status = change.status ?? entry.status;
  const publishAt = change.publishAt !== undefined ? change.publishAt : entry.publishAt;
  assertSchedule(status, publishAt);
  // A menu's link must not lead to a page that went offline (archived, back to draft, moved to a later date).
  if (isLiveEntry(entry, now) && !isLiveEntry({ status, publishAt }, now)) await assertNotInMenu(tx, { entryId: entry.id }, entry.title);
  if (change.slug && change.slug !== entry.slug) {
    await assertSlugFree(tx, entry.kind, change.slug, entry.id);
    // The new address may be one this entry had before: it is no longer a redirect.
    await tx.delete(contentSlugRedirects).where(and(eq(contentSlugRedirects.kind, entry.kind), eq(contentSlugRedirects.oldSlug, change.slug)));
    await tx
      .insert(contentSlugRedirects)
      .values({ kind: entry.kind, oldSlug: entry.slug, entryId: entry.id, at: now })
      .onConflictDoUpdate({ target: [contentSlugRedirects.kind, contentSlugRedirects.oldSlug], set: { entryId: entry.id, at: now } });
  }
  const [saved] = await tx
    .update(contentEntries)
    .set({ ...change, publishedAt: firstPublished(status, publishAt, entry.publishedAt, now), updatedAt: now, updatedBy: actor })
    .where(eq(contentEntries.id, entry.id))
    .returning();
  await saveRevision(tx, saved!, actor, now, action, snapshotOf(entry));
  return entryJson(saved!);
}

export async function updateEntry({ db, actor, now, id, change }: StaffChange & { id: number; change: EntryChange }) {
  return db.transaction(async (tx) => applyChange(tx, await lockEntry(tx, id), change, { actor, now, action: "update" }));
}

export async function archiveEntry({ db, actor, now, id }: StaffChange & { id: number }) {
  return db.transaction(async (tx) => applyChange(tx, await lockEntry(tx, id), { status: "archived" }, { actor, now, action: "archive" }));
}

/** Puts back a revision's words (title, body, SEO, cover, tags…); the address and the status stay as they are now. */
export async function restoreRevision({ db, actor, now, id, revisionId }: StaffChange & { id: number; revisionId: number }) {
  return db.transaction(async (tx) => {
    const entry = await lockEntry(tx, id);
    const [revision] = await tx.select().from(contentRevisions).where(and(eq(contentRevisions.id, revisionId), eq(contentRevisions.entryId, id)));
    if (!revision) throw new AppError("not_found", `Revision ${revisionId} of entry ${id} not found`);
    const { slug: _slug, status: _status, publishAt: _publishAt, ...words } = revision.snapshot as ContentSnapshot;
    return applyChange(tx, entry, words, { actor, now, action: "restore" });
  });
}

export async function getEntry({ db, id }: { db: Database; id: number }) {
  const [entry] = await db.select().from(contentEntries).where(eq(contentEntries.id, id));
  if (!entry) throw new AppError("not_found", `Content entry ${id} not found`);
  const revisions = await db.select().from(contentRevisions).where(eq(contentRevisions.entryId, id)).orderBy(desc(contentRevisions.id)).limit(100);
  const redirects = await db.select({ oldSlug: contentSlugRedirects.oldSlug }).from(contentSlugRedirects).where(eq(contentSlugRedirects.entryId, id));
  return {
    entry: entryJson(entry),
    revisions: revisions.map((r) => ({ id: r.id, actor: r.actor, at: r.at.toISOString(), snapshot: r.snapshot as ContentSnapshot })),
    oldSlugs: redirects.map((r) => r.oldSlug),
  };
}

/** The staff list: every entry without its body, newest change first. */
export async function listEntries({ db, kind, status, q }: { db: Database; kind?: ContentKind; status?: ContentEntryRow["status"]; q?: string }) {
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db
    .select()
    .from(contentEntries)
    .where(and(kind ? eq(contentEntries.kind, kind) : undefined, status ? eq(contentEntries.status, status) : undefined, like ? or(ilike(contentEntries.title, like), ilike(contentEntries.slug, like)) : undefined))
    .orderBy(desc(contentEntries.updatedAt), desc(contentEntries.id))
    .limit(500);
  return { entries: rows.map(({ body: _body, ...e }) => entryJson(e)) };
}

/** What shoppers see at /{kind's path}/{slug}: a live entry, or (staff preview) any entry; null when there is none. */
export async function findLiveEntry({ db, now, kind, slug, preview = false }: { db: Database; now: Date; kind: ContentKind; slug: string; preview?: boolean }) {
  const [entry] = await db
    .select()
    .from(contentEntries)
    .where(and(eq(contentEntries.kind, kind), eq(contentEntries.slug, slug), preview ? undefined : isLive(now)));
  return entry ?? null;
}

/** Live entries of a kind, newest first (the blog, the sitemap and the feed). */
export async function listLiveEntries({ db, now, kind }: { db: Database; now: Date; kind: ContentKind }) {
  return db.select().from(contentEntries).where(and(eq(contentEntries.kind, kind), isLive(now))).orderBy(desc(contentEntries.publishedAt), desc(contentEntries.id));
}

/** The slug an old address now answers with (a 301), or null. */
export async function findSlugRedirect({ db, kind, slug }: { db: Database; kind: ContentKind; slug: string }) {
  const [row] = await db
    .select({ slug: contentEntries.slug })
    .from(contentSlugRedirects)
    .innerJoin(contentEntries, eq(contentEntries.id, contentSlugRedirects.entryId))
    .where(and(eq(contentSlugRedirects.kind, kind), eq(contentSlugRedirects.oldSlug, slug)));
  return row?.slug ?? null;
}
