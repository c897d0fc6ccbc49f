import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { contentTypeOf, IMMUTABLE, type MediaBucket } from "./media-bucket";

/**
 * The photos in a folder on this machine (MEDIA_DIR, default DATA_DIR/media): the default, and what one machine
 * needs. A folder keeps no headers: every key is content-addressed, so each is immutable and typed by its extension.
 */
export function createLocalBucket(dir: string): MediaBucket & { root: string } {
  const root = resolve(dir);
  const pathOf = (key: string) => {
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new Error(`Not a media key: ${key}`);
    return path;
  };
  return {
    kind: "local",
    where: root,
    root,
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Under a temporary name and renamed, so a crash never leaves half a file under the real name; unique, as two
      // uploads of the same photo may write at once.
      const temp = `${path}.${randomUUID()}.tmp`;
      await writeFile(temp, body);
      await rename(temp, path);
    },
    async get(key) {
      try {
        return { body: await readFile(pathOf(key)), contentType: contentTypeOf(key), cacheControl: IMMUTABLE };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      return (await stat(pathOf(key)).catch(() => null))?.isFile() ?? false;
    },
    async list(prefix) {
      const files = await readdir(root, { recursive: true, withFileTypes: true }).catch((error) => (isMissing(error) ? [] : Promise.reject(error)));
      const keys = files.filter((f) => f.isFile() && !f.name.endsWith(".tmp")).map((f) => relative(root, join(f.parentPath, f.name)).split(sep).join("/"));
      const found = keys.filter((k) => k.startsWith(prefix)).sort();
      return Promise.all(found.map(async (key) => ({ key, size: (await stat(pathOf(key))).size })));
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "ENOTDIR";
