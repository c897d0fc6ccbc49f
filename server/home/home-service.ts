import { type CatalogChanges, clearedBy } from "../cache/catalog-changes";
import { cachedValue } from "../cache/cached-value";
import type { Database } from "../db/client";
import type { AnnouncementRow } from "../db/schema";
import { publishingAll } from "../zones/staff-change";
import { fillAnnouncement } from "../../shared/announcement-copy";
import type { AnnouncementChange, AnnouncementFields } from "./announcement-schemas";
import { loadHomeBlocks, type HomeBlockDeps } from "./home-blocks";
import { announcementJson, createAnnouncement, deleteAnnouncement, listAnnouncements, listSections, replaceSections, sectionJson, updateAnnouncement } from "./home-store";
import { inWindow } from "./live-window";
import type { SectionInput } from "./section-schemas";

export interface HomeServiceDeps {
  db: Database;
  now: () => Date;
  catalogChanges: CatalogChanges;
  /** The catalogue reads the sections show (the catalogue's, shared between visitors). */
  catalog: Omit<HomeBlockDeps, "serverNow">;
  /** The subtotal from which every order ships free, or null (server/pricing/shipping-promise.ts). */
  freeShippingFrom: () => Promise<number | null>;
}

type By = { actor: string };

/** Why an announcement shows or not at `at`, for the staff page; "showing" is the one shoppers see. */
export type AnnouncementState = "showing" | "behind" | "off" | "scheduled" | "ended" | "no_free_shipping";

function states(rows: AnnouncementRow[], at: Date, freeFrom: number | null) {
  let shown = false;
  return rows.map((a) => {
    const text = fillAnnouncement(a.message, freeFrom);
    const state: AnnouncementState = !a.active
      ? "off"
      : a.startsAt && at < a.startsAt
        ? "scheduled"
        : a.endsAt && at >= a.endsAt
          ? "ended"
          : text === null
            ? "no_free_shipping"
            : shown
              ? "behind"
              : "showing";
    if (state === "showing") shown = true;
    return { row: a, text, state };
  });
}

/**
 * The home page's sections and the announcement bar as staff data (issue 28). Shoppers' reads come from two small
 * cached lists (at most MAX_HOME_SECTIONS and MAX_ANNOUNCEMENTS rows, dropped on every staff change)
 * and the window rule applied per request at the service clock, so a scheduled section appears on time without a job.
 */
export function createHomeService({ db, now, catalogChanges, catalog, freeShippingFrom }: HomeServiceDeps) {
  const changing = publishingAll(catalogChanges);
  // Kept until staff change anything (a change to everything, heard from any process).
  const sections = clearedBy(catalogChanges, cachedValue(() => listSections(db), 60_000));
  const bar = clearedBy(catalogChanges, cachedValue(() => listAnnouncements(db), 60_000));
  const at = () => ({ db, now: now() });
  return {
    /** The service clock: staff pages judge windows by it, as shoppers' reads do. */
    now,
    /** GET /api/admin/home: every section with its settings, and every announcement with whether it shows now and why. */
    overview: async () => {
      const [rows, announcements, freeFrom] = await Promise.all([listSections(db), listAnnouncements(db), freeShippingFrom()]);
      return {
        sections: rows.map(sectionJson),
        announcements: states(announcements, now(), freeFrom).map(({ row, text, state }) => ({ ...announcementJson(row), text, state })),
        freeShippingFromCents: freeFrom,
      };
    },
    replaceSections: changing((args: By & { sections: SectionInput[] }) => replaceSections({ ...args, ...at() })),
    createAnnouncement: changing((args: By & { input: AnnouncementFields }) => createAnnouncement({ ...args, ...at() })),
    updateAnnouncement: changing((args: By & { id: number; change: AnnouncementChange }) => updateAnnouncement({ ...args, ...at() })),
    deleteAnnouncement: changing((args: By & { id: number }) => deleteAnnouncement({ ...args, ...at() })),
    /** The home page's sections shown at `when` (now, or a staff preview's time), each with what it shows. */
    page: async ({ when = now() }: { when?: Date } = {}) => {
      const shown = (await sections.get()).filter((s) => s.visible && inWindow(s, when));
      return loadHomeBlocks(shown, { ...catalog, serverNow: now().getTime() });
    },
    /** The bar's announcement at `when`: the first live one whose message can be filled in, or null. */
    announcement: async ({ when = now() }: { when?: Date } = {}) => {
      const live = states(await bar.get(), when, await freeShippingFrom()).find((a) => a.state === "showing");
      return live ? { id: live.row.id, message: live.text!, linkUrl: live.row.linkUrl, linkLabel: live.row.linkLabel } : null;
    },
  };
}

export type HomeService = ReturnType<typeof createHomeService>;
export type LiveAnnouncement = NonNullable<Awaited<ReturnType<HomeService["announcement"]>>>;
export type HomeOverview = Awaited<ReturnType<HomeService["overview"]>>;
