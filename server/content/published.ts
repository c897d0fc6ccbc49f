import { and, eq, lte, or, type SQL } from "drizzle-orm";
import { contentEntries } from "../db/schema";

/**
 * The one rule for what shoppers see (issue 28, DESIGN §10): published, or scheduled with its time passed. It is a
 * read rule, so a stopped job runner can't delay a launch; `now` is the service clock, so tests can move it.
 */
export function isLive(now: Date): SQL {
  return or(eq(contentEntries.status, "published"), and(eq(contentEntries.status, "scheduled"), lte(contentEntries.publishAt, now)))!;
}

/** The same rule for one entry already in memory. */
export { isLiveEntry } from "../../shared/content-paths";
