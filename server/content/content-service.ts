import type { CatalogChanges } from "../cache/catalog-changes";
import type { Database } from "../db/client";
import { AppError } from "../errors";
import type { MediaStore } from "../media/media-store";
import type { ContentKind } from "../db/schema";
import { publishingAll } from "../zones/staff-change";
import { archiveEntry, createEntry, findLiveEntry, findSlugRedirect, getEntry, listEntries, listLiveEntries, restoreRevision, updateEntry } from "./content-entries";
import type { EntryChange, EntryFields } from "./entry-schemas";
import { atomFeed } from "./atom-feed";
import { publishDueEntries } from "./publish-due";
import { POST_SLUG, postSummary } from "./posts";

export interface ContentServiceDeps {
  db: Database;
  now: () => Date;
  catalogChanges: CatalogChanges;
  storeUrl: string;
  storeName: () => Promise<string>;
  media: MediaStore;
}

type By = { actor: string };

/**
 * Posts, pages and policies (issue 28). Staff changes are one transaction each (with a revision and an audit row),
 * then every process drops its cached pages. Shoppers' reads go through the one live rule (./published.ts) at the
 * service clock.
 */
export function createContentService({ db, now, catalogChanges, storeUrl, storeName, media }: ContentServiceDeps) {
  const changing = publishingAll(catalogChanges);
  return {
    /** The service clock: what "live" is measured against. */
    now,
    list: (args: { kind?: ContentKind; status?: "draft" | "scheduled" | "published" | "archived"; q?: string }) => listEntries({ db, ...args }),
    get: ({ id }: { id: number }) => getEntry({ db, id }),
    /** The same, or null when there is no such entry (the staff page answers 404). */
    find: ({ id }: { id: number }) =>
      getEntry({ db, id }).catch((error: unknown) => {
        if (error instanceof AppError && error.code === "not_found") return null;
        throw error;
      }),
    create: changing((args: By & { input: EntryFields }) => createEntry({ db, now: now(), ...args })),
    update: changing((args: By & { id: number; change: EntryChange }) => updateEntry({ db, now: now(), ...args })),
    archive: changing((args: By & { id: number }) => archiveEntry({ db, now: now(), ...args })),
    restore: changing((args: By & { id: number; revisionId: number }) => restoreRevision({ db, now: now(), ...args })),
    findLive: (args: { kind: ContentKind; slug: string; preview?: boolean }) => findLiveEntry({ db, now: now(), ...args }),
    listLive: ({ kind }: { kind: ContentKind }) => listLiveEntries({ db, now: now(), kind }),
    /** An info page at /{slug}: a page or a policy. */
    findInfoPage: async ({ slug, preview = false }: { slug: string; preview?: boolean }) =>
      (await findLiveEntry({ db, now: now(), kind: "policy", slug, preview })) ?? (await findLiveEntry({ db, now: now(), kind: "page", slug, preview })),
    /** The blog's live posts as cards, newest first. */
    listPosts: async () => (await listLiveEntries({ db, now: now(), kind: "post" })).map(postSummary),
    /** A live post with its body; null when there is none at that address. */
    getPost: async ({ slug, preview = false }: { slug: string; preview?: boolean }) => {
      const entry = POST_SLUG.test(slug) ? await findLiveEntry({ db, now: now(), kind: "post", slug, preview }) : null;
      return entry && { ...postSummary(entry), body: entry.body, seoTitle: entry.seoTitle, seoDescription: entry.seoDescription, updatedAt: entry.updatedAt.toISOString() };
    },
    /** /blog/feed.xml */
    feed: async () => atomFeed({ origin: storeUrl, storeName: await storeName(), posts: await listLiveEntries({ db, now: now(), kind: "post" }) }),
    /**
     * A photo for a cover or the body, through the photo pipeline (a file that isn't an image is refused). Nothing
     * changes until an entry is saved with it; `src` is what the body's image node stores.
     */
    uploadPhoto: async ({ file }: { file: Buffer }) => {
      const { key, width, height, widths } = await media.save(file);
      return { key, width, height, widths, src: `/media/${key}-${widths.at(-1)}.jpg` };
    },
    /** The scheduled entries whose time has come, recorded as published (the job's work); every cache drops once. */
    publishDue: async () => {
      const published = await publishDueEntries({ db, now: now() });
      if (published) catalogChanges.publish({ all: true });
      return published;
    },
    findRedirect: (args: { kind: ContentKind; slug: string }) => findSlugRedirect({ db, ...args }),
  };
}

export type ContentService = ReturnType<typeof createContentService>;
