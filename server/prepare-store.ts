import type { Config } from "./config";
import { seedDrops } from "./drops/seed-drops";
import type { DatabaseHandle } from "./db/client";
import { maintainDatabase } from "./db/maintenance";
import { migrateDatabase } from "./db/migrate";
import { withStartLock } from "./db/start-lock";
import { isCatalogEmpty, seedCatalog } from "./seed/seed-catalog";
import { seedReviews } from "./seed/seed-reviews";
import { seedContent } from "./content/seed-content";
import { seedHome } from "./home/seed-home";
import { seedMenus } from "./menus/seed-menus";
import { seedSynonyms } from "./seed/seed-synonyms";
import type { Logger } from "./logger";
import { offsetClock } from "./clock/clock-offset";

/**
 * What runs once before a store serves: migrations, the demo catalogue on an empty database, the drop's campaign
 * record, the first content entries and PGlite's upkeep. With several workers the cluster's primary runs it, alone (decision 0027).
 */
export async function prepareStore({ database, config, logger, reviews = true }: { database: DatabaseHandle; config: Config; logger: Logger; reviews?: boolean }) {
  // Two machines started together on one empty PostgreSQL: one migrates and seeds, the other waits (issue 53).
  await withStartLock(database, (message) => logger.info(message), () => prepareAlone({ database, config, logger, reviews }));
}

async function prepareAlone({ database, config, logger, reviews }: { database: DatabaseHandle; config: Config; logger: Logger; reviews: boolean }) {
  await migrateDatabase(database);
  if (config.SEED_ON_START && (await isCatalogEmpty(database.db))) {
    const seeded = await seedCatalog(database.db);
    logger.info({ ...seeded, ...(reviews ? await seedReviews(database.db) : {}) }, "catalogue seeded");
  }
  // Seeded relative to the store's clock (STORE_CLOCK_OFFSET moves it ahead).
  const now = offsetClock(config.STORE_CLOCK_OFFSET)();
  await seedDrops(database.db, now);
  // The blog's articles and the info pages become entries once, in a store that has none (issue 28).
  await seedContent(database.db, now);
  // The home page of SPEC §2 becomes sections once, in a store whose staff never saved one.
  await seedHome(database.db, now);
  // Then the menus, which link to both (today's header and footer, once, into a store with none).
  await seedMenus(database.db);
  // An apparel store's usual synonyms, once, into a store with none (issue 33).
  await seedSynonyms(database.db);
  await maintainDatabase(database);
}
