import type { Database } from "../../db/client";
import type { Logger } from "../../logger";
import type { MediaStore } from "../../media/media-store";
import { catalogueDrawings } from "./drawings";

/**
 * At start, in the background (readiness does not wait): a store on a bucket stores there every drawing its
 * catalogue's pages show that the bucket lacks, so a fresh store fills it (issue 53). What is there is skipped; a
 * drawing missed (the bucket away, the store stopped) is stored when first asked for. A local folder keeps none.
 */
export function startDrawingFill({ db, media, logger }: { db: Database; media: MediaStore; logger: Logger }) {
  if (!media.keepsDrawings) return { done: Promise.resolve(), stop: async () => {} };
  let stopping = false;
  const done = (async () => {
    const started = performance.now();
    const drawings = await catalogueDrawings(db);
    const { stored, present } = await media.fillDrawings(drawings, { stopped: () => stopping });
    logger.info({ stored, present, ms: Math.round(performance.now() - started) }, `catalogue drawings in ${media.bucket.where}: ${stored} stored, ${present} already there`);
  })().catch((err: unknown) => logger.warn({ err }, "catalogue drawings not all stored in the bucket: each is stored when first asked for"));
  return {
    /** Settles when the fill has ended (it never rejects: a failure is logged). */
    done,
    /** Stores no more and waits for the writes in flight (before the database closes). */
    async stop() {
      stopping = true;
      await done;
    },
  };
}
