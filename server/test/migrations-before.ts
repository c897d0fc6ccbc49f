import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrationsDir } from "../paths";

/**
 * Copies of the migrations folder as it stood before a given migration (the journal cut there), for tests that migrate
 * a store part way, fill it as an older store was, then run the rest. `remove` deletes the copies.
 */
export function migrationsFolders(name: string) {
  const folder = mkdtempSync(join(tmpdir(), `${name}-`));
  return {
    before(tag: string): string {
      const dir = join(folder, tag);
      cpSync(migrationsDir, dir, { recursive: true });
      const journalPath = join(dir, "meta", "_journal.json");
      const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
      const at = journal.entries.findIndex((e) => e.tag.startsWith(tag));
      if (at < 1) throw new Error(`no migration before ${tag}`);
      writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
      return dir;
    },
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
