import type { CatalogChanges } from "../cache/catalog-changes";
import type { Database } from "../db/client";
import type { ContentKind } from "../db/schema";
import { publishingAll } from "../zones/staff-change";
import { archiveEntry, createEntry, findLiveEntry, findSlugRedirect, getEntry, listEntries, listLiveEntries, restoreRevision, updateEntry } from "./content-entries";
import type { EntryChange, EntryFields } from "./entry-schemas";

export interface ContentServiceDeps {
  db: Database;
  now: () => Date;
  catalogChanges: CatalogChanges;
}

type By = { actor: string };

/**
 * Posts, pages and policies (issue 28). Staff changes are one transaction each (with a revision and an audit row),
 * then every process drops its cached pages. Shoppers' reads go through the one live rule (./published.ts) at the
 * service clock.
 */
export function createContentService({ db, now, catalogChanges }: ContentServiceDeps) {
  const changing = publishingAll(catalogChanges);
  return {
    list: (args: { kind?: ContentKind; status?: "draft" | "scheduled" | "published" | "archived"; q?: string }) => listEntries({ db, ...args }),
    get: ({ id }: { id: number }) => getEntry({ db, id }),
    create: changing((args: By & { input: EntryFields }) => createEntry({ db, now: now(), ...args })),
    update: changing((args: By & { id: number; change: EntryChange }) => updateEntry({ db, now: now(), ...args })),
    archive: changing((args: By & { id: number }) => archiveEntry({ db, now: now(), ...args })),
    restore: changing((args: By & { id: number; revisionId: number }) => restoreRevision({ db, now: now(), ...args })),
    findLive: (args: { kind: ContentKind; slug: string; preview?: boolean }) => findLiveEntry({ db, now: now(), ...args }),
    listLive: ({ kind }: { kind: ContentKind }) => listLiveEntries({ db, now: now(), kind }),
    /** An info page at /{slug}: a page or a policy. */
    findInfoPage: async ({ slug }: { slug: string }) =>
      (await findLiveEntry({ db, now: now(), kind: "policy", slug })) ?? (await findLiveEntry({ db, now: now(), kind: "page", slug })),
    findRedirect: (args: { kind: ContentKind; slug: string }) => findSlugRedirect({ db, ...args }),
  };
}

export type ContentService = ReturnType<typeof createContentService>;
