import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import { announcements, categories, homeSections, type AnnouncementRow, type HomeSectionRow } from "../db/schema";
import { AppError } from "../errors";
import type { StaffChange } from "../zones/staff-change";
import { announcementLinkOk, announcementWindowOk, type AnnouncementChange, type AnnouncementFields } from "./announcement-schemas";
import { MAX_HOME_SECTIONS, type SectionInput } from "./section-schemas";

/** The bar holds at most this many announcements: the storefront's cached list is bounded by it. */
export const MAX_ANNOUNCEMENTS = 50;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const sectionJson = (s: HomeSectionRow) => ({
  id: s.id,
  position: s.position,
  type: s.type,
  settings: s.settings as Record<string, unknown>,
  visible: s.visible,
  startsAt: iso(s.startsAt),
  endsAt: iso(s.endsAt),
  updatedAt: s.updatedAt.toISOString(),
});
export type HomeSectionJson = ReturnType<typeof sectionJson>;

export const announcementJson = (a: AnnouncementRow) => ({ ...a, startsAt: iso(a.startsAt), endsAt: iso(a.endsAt), updatedAt: a.updatedAt.toISOString() });
export type AnnouncementJson = ReturnType<typeof announcementJson>;

export async function listSections(db: Database): Promise<HomeSectionRow[]> {
  return db.select().from(homeSections).orderBy(asc(homeSections.position), asc(homeSections.id)).limit(MAX_HOME_SECTIONS);
}

export async function listAnnouncements(db: Database): Promise<AnnouncementRow[]> {
  return db.select().from(announcements).orderBy(asc(announcements.position), asc(announcements.id)).limit(MAX_ANNOUNCEMENTS);
}

/**
 * The collections sections name must exist and be top-level (a subcategory's slug is no collection's page): a 400
 * naming the section's field, like the schema's own errors. The rows are locked FOR SHARE, so a collection being
 * deleted meanwhile either waits for this save (and then sees the section: ./section-links.ts) or is gone first.
 */
async function assertCollections(db: Pick<Database, "select">, sections: SectionInput[]) {
  const named = sections.flatMap((s, i) => (typeof s.settings.collection === "string" ? [{ i, slug: s.settings.collection }] : []));
  if (named.length === 0) return;
  const found = await db
    .select({ slug: categories.slug })
    .from(categories)
    .where(and(inArray(categories.slug, [...new Set(named.map((n) => n.slug))]), isNull(categories.parentId)))
    .for("share");
  const known = new Set(found.map((c) => c.slug));
  const missing = named.filter((n) => !known.has(n.slug));
  if (missing.length) throw new AppError("bad_request", `Invalid sections: ${missing.map((m) => `sections.${m.i}.settings.collection: there is no collection "${m.slug}"`).join("; ")}`);
}

/** Replaces the whole ordered list in one transaction (staff saves are serialized), with one audit row. */
export async function replaceSections({ db, actor, now, sections }: StaffChange & { sections: SectionInput[] }) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('home_sections'))`);
    await assertCollections(tx, sections);
    const before = await tx.select().from(homeSections).orderBy(asc(homeSections.position), asc(homeSections.id));
    await tx.delete(homeSections);
    const saved = sections.length ? await tx.insert(homeSections).values(sections.map((s, position) => ({ ...s, position, updatedAt: now }))).returning() : [];
    const summary = (rows: HomeSectionRow[]) => rows.map(({ type, settings, visible, startsAt, endsAt }) => ({ type, settings, visible, startsAt: iso(startsAt), endsAt: iso(endsAt) }));
    await recordAudit(tx, { actor, entity: "home", entityId: "sections", action: "replace", before: summary(before), after: summary(saved) }, now);
    return saved.sort((a, b) => a.position - b.position).map(sectionJson);
  });
}

const snapshot = ({ updatedAt: _u, ...a }: AnnouncementRow) => ({ ...a, startsAt: iso(a.startsAt), endsAt: iso(a.endsAt) });

export async function createAnnouncement({ db, actor, now, input }: StaffChange & { input: AnnouncementFields }) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('announcements'))`);
    const [{ n }] = (await tx.select({ n: count() }).from(announcements)) as [{ n: number }];
    if (n >= MAX_ANNOUNCEMENTS) throw new AppError("conflict", `The bar holds at most ${MAX_ANNOUNCEMENTS} announcements: delete an old one first`);
    const [row] = await tx.insert(announcements).values({ ...input, updatedAt: now }).returning();
    await recordAudit(tx, { actor, entity: "announcement", entityId: row!.id, action: "create", after: snapshot(row!) }, now);
    return announcementJson(row!);
  });
}

async function lockAnnouncement(tx: Parameters<Parameters<Database["transaction"]>[0]>[0], id: number) {
  const [row] = await tx.select().from(announcements).where(eq(announcements.id, id)).for("update");
  if (!row) throw new AppError("not_found", `Announcement ${id} not found`);
  return row;
}

export async function updateAnnouncement({ db, actor, now, id, change }: StaffChange & { id: number; change: AnnouncementChange }) {
  return db.transaction(async (tx) => {
    const before = await lockAnnouncement(tx, id);
    const after = { ...before, ...change };
    if (!announcementWindowOk(after)) throw new AppError("bad_request", "Invalid announcement: endsAt: must be after the start");
    if (!announcementLinkOk(after)) throw new AppError("bad_request", "Invalid announcement: linkUrl: a link label needs a link");
    const [row] = await tx.update(announcements).set({ ...change, updatedAt: now }).where(eq(announcements.id, id)).returning();
    await recordAudit(tx, { actor, entity: "announcement", entityId: id, action: "update", before: snapshot(before), after: snapshot(row!) }, now);
    return announcementJson(row!);
  });
}

export async function deleteAnnouncement({ db, actor, now, id }: StaffChange & { id: number }) {
  return db.transaction(async (tx) => {
    const before = await lockAnnouncement(tx, id);
    await tx.delete(announcements).where(eq(announcements.id, id));
    await recordAudit(tx, { actor, entity: "announcement", entityId: id, action: "delete", before: snapshot(before) }, now);
    return { deleted: id };
  });
}
