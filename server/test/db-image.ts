/**
 * The migrated, seeded database every test file starts from, built once per run by server/test/global-setup.ts
 * (issue 26). Each file then gets its own copy in well under a second, where migrating and seeding took seconds:
 * - PGlite: a data-directory dump (a tarball in node_modules/.cache/test-db) that each file loads (initdb skipped);
 * - PostgreSQL: a template database that each file copies with CREATE DATABASE ... TEMPLATE.
 * The image is named by a hash of what makes it (the migrations, the seed's bundled code, PGlite's and Drizzle's
 * versions), so a change to any of them builds a new one and a stale image is never used.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { seedCatalog } from "../seed/seed-catalog";
import { seedContent } from "../content/seed-content";
import { seedHome } from "../home/seed-home";
import { seedMenus } from "../menus/seed-menus";
import { seedSynonyms } from "../seed/seed-synonyms";
import { migrationsDir, projectRoot } from "../paths";
import { slimImage } from "./slim-image";

const cacheDir = join(projectRoot, "node_modules/.cache/test-db");
const seedEntries = ["server/seed/seed-catalog.ts", "server/content/seed-content.ts", "server/home/seed-home.ts", "server/menus/seed-menus.ts", "server/seed/seed-synonyms.ts"].map((f) => join(projectRoot, f));
const articlesDir = join(projectRoot, "content/blog");

/** What the image holds: every migration, the demo catalogue, the content, the home page's sections and the menus. The drop's dates depend on the day, so each file seeds them. */
async function fill(handle: DatabaseHandle): Promise<void> {
  await migrateDatabase(handle);
  await seedCatalog(handle.db);
  await seedContent(handle.db, new Date());
  await seedHome(handle.db, new Date());
  await seedMenus(handle.db);
  await seedSynonyms(handle.db);
}

/** A short hash of everything that decides the image's contents. */
export async function imageKey(): Promise<string> {
  const hash = createHash("sha256");
  for (const file of readdirSync(migrationsDir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile())) {
    const path = join(file.parentPath, file.name);
    hash.update(path.slice(migrationsDir.length)).update(readFileSync(path));
  }
  // The seed's code and data with everything it imports from the project (schema, handles, keywords), as one text.
  const bundle = await build({ entryPoints: seedEntries, bundle: true, outdir: "unused", write: false, platform: "node", format: "esm", packages: "external", logLevel: "silent" });
  for (const output of bundle.outputFiles) hash.update(output.contents);
  // The articles the content seed reads at run time.
  for (const name of readdirSync(articlesDir).sort()) hash.update(name).update(readFileSync(join(articlesDir, name)));
  for (const name of ["@electric-sql/pglite", "drizzle-orm"]) {
    hash.update(name).update(JSON.parse(readFileSync(join(projectRoot, "node_modules", name, "package.json"), "utf8")).version);
  }
  hash.update(fill.toString()).update(slimImage.toString());
  return hash.digest("hex").slice(0, 16);
}

/** The PGlite image's path, built if this key has none yet (older images are removed). */
export async function ensurePgliteImage(key: string): Promise<string> {
  const path = join(cacheDir, `pglite-${key}.tar`);
  if (existsSync(path)) return path;
  mkdirSync(cacheDir, { recursive: true });
  const handle = await openDatabase({ dataDir: "memory://" });
  try {
    await fill(handle);
    // A new WAL segment, holding only the checkpoint: the image keeps that one alone (server/test/slim-image.ts).
    await handle.pglite!.query("select pg_switch_wal()");
    await handle.pglite!.query("checkpoint");
    const { rows } = await handle.pglite!.query<{ redo_wal_file: string }>("select redo_wal_file from pg_control_checkpoint()");
    const dump = await handle.pglite!.dumpDataDir("none");
    // Written under a temporary name first: a run that dies midway never leaves half an image under the real one.
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, slimImage(new Uint8Array(await dump.arrayBuffer()), rows[0]!.redo_wal_file));
    renameSync(partial, path);
  } finally {
    await handle.close();
  }
  for (const old of readdirSync(cacheDir)) {
    if (old.startsWith("pglite-") && join(cacheDir, old) !== path) rmSync(join(cacheDir, old), { force: true });
  }
  return path;
}

/** The name of the PostgreSQL template database for this key. */
export const templateName = (key: string) => `store_tpl_${key}`;

/** A copy of `url` that connects to another database on the same server. */
export function databaseUrl(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

/**
 * Makes sure the server at `adminUrl` has the template database for this key. Built under a temporary name and
 * renamed when complete; an advisory lock keeps two runs on one server from building it at once. Templates of
 * other keys are dropped when nothing uses them.
 */
export async function ensurePostgresTemplate(adminUrl: string, key: string): Promise<string> {
  const name = templateName(key);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock(hashtext('store test template'))");
    const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount === 0) {
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const handle = await openDatabase({ url: databaseUrl(adminUrl, building), poolSize: 2 });
      try {
        await fill(handle);
      } finally {
        await handle.close();
      }
      await admin.query(`alter database ${building} rename to ${name}`);
      // A template accepts no sessions, so copying it never fails on one left open.
      await admin.query(`alter database ${name} with allow_connections false`);
    }
    const stale = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'store\\_tpl\\_%' and datname <> $1", [name]);
    for (const { datname } of stale.rows) {
      await admin.query(`drop database if exists ${datname}`).catch(() => {});
    }
    return name;
  } finally {
    await admin.query("select pg_advisory_unlock(hashtext('store test template'))").catch(() => {});
    await admin.end();
  }
}
