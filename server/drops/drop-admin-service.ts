import type { CatalogChanges } from "../cache/catalog-changes";
import type { Database } from "../db/client";
import { publishingAll } from "../zones/staff-change";
import { archiveDrop, createDrop, deleteDrop, updateDrop } from "./drop-admin";
import { dropLive } from "./drop-live";
import { dropIdBySlug, getDrop, listDrops, searchDropProducts } from "./drop-reads";
import { dropReport, exportDropReport } from "./drop-report";
import type { DropChange, DropFields } from "./drop-schemas";

export interface DropAdminDeps {
  db: Database;
  now: () => Date;
  /** Each change is published to everything: every process's drop index (../drops/drop-index.ts) reads the drops again. */
  catalogChanges: CatalogChanges;
}

type By = { actor: string };

/**
 * Staff's drops (issue 48): list, read, create, change, archive, delete, and the live figures and report. Each change
 * writes the audit log in its transaction, then publishes a change to everything once committed, so every process's
 * drop index, shared reads and response cache drop what they hold (a drop moves prices, pages and the phase timers).
 */
export function createDropAdmin({ db, now, catalogChanges }: DropAdminDeps) {
  const changing = publishingAll(catalogChanges);
  return {
    list: () => listDrops({ db, now: now() }),
    get: ({ id }: { id: number }) => getDrop({ db, now: now(), id }),
    idBySlug: ({ slug }: { slug: string }) => dropIdBySlug({ db, slug }),
    searchProducts: ({ q }: { q: string }) => searchDropProducts({ db, q }),
    create: changing((args: By & { input: DropFields }) => createDrop({ db, now: now(), ...args })),
    update: changing((args: By & { id: number; change: DropChange }) => updateDrop({ db, now: now(), ...args })),
    archive: changing((args: By & { id: number; archived: boolean }) => archiveDrop({ db, now: now(), ...args })),
    remove: changing((args: By & { id: number }) => deleteDrop({ db, now: now(), ...args })),
    live: ({ id }: { id: number }) => dropLive({ db, now: now(), id }),
    report: ({ id }: { id: number }) => dropReport({ db, now: now(), id }),
    exportReport: ({ id }: { id: number }) => exportDropReport({ db, id }),
  };
}

export type DropAdmin = ReturnType<typeof createDropAdmin>;
