/** Vitest global set-up: builds the database image every test file starts from, once per run (server/test/db-image.ts). */
import type { TestProject } from "vitest/node";
import { ensurePgliteImage, ensurePostgresTemplate, imageKey } from "./db-image";

declare module "vitest" {
  export interface ProvidedContext {
    /** On PGlite, the data-directory dump to load; on PostgreSQL, the template database to copy. */
    testDatabaseImage: string;
  }
}

export default async function setup(project: TestProject) {
  const key = await imageKey();
  const url = process.env.TEST_DATABASE_URL;
  project.provide("testDatabaseImage", url ? await ensurePostgresTemplate(url, key) : await ensurePgliteImage(key));
}
