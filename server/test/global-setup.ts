/**
 * Vitest global set-up, once per run: the database image every test file starts from (server/test/db-image.ts), and
 * a current build for the HTTP tests of pages (scripts/ensure-build.mjs builds only when a source is newer).
 */
import { execFileSync } from "node:child_process";
import type { TestProject } from "vitest/node";
import { projectRoot } from "../paths";
import { ensurePgliteImage, ensurePostgresTemplate, imageKey } from "./db-image";

declare module "vitest" {
  export interface ProvidedContext {
    /** On PGlite, the data-directory dump to load; on PostgreSQL, the template database to copy. */
    testDatabaseImage: string;
  }
}

export default async function setup(project: TestProject) {
  execFileSync(process.execPath, ["scripts/ensure-build.mjs"], { cwd: projectRoot, stdio: "inherit" });
  const key = await imageKey();
  const url = process.env.TEST_DATABASE_URL;
  project.provide("testDatabaseImage", url ? await ensurePostgresTemplate(url, key) : await ensurePgliteImage(key));
}
