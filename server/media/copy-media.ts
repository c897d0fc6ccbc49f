import { contentTypeOf, IMMUTABLE, type MediaBucket } from "./media-bucket";

export interface CopyReport {
  copied: number;
  copiedBytes: number;
  /** Already in the target under the same key with the same size. */
  skipped: number;
}

/**
 * Copies every photo from one place to the other (npm run media:copy, issue 53): the derivatives first, then the
 * originals, as an upload writes them, so a copy stopped midway never leaves an original whose derivatives are missing
 * (the original with the largest JPEG marks a photo whole, decision 0053). Keys are the same in both places; a key
 * already in the target with the same size is skipped, so it can be run again after a stop, or to catch up.
 */
export async function copyMedia({ from, to, concurrency = 8, onCopied }: { from: MediaBucket; to: MediaBucket; concurrency?: number; onCopied?: (key: string) => void }): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, copiedBytes: 0, skipped: 0 };
  for (const prefix of ["derived/", "originals/"]) {
    const [source, target] = await Promise.all([from.list(prefix), to.list(prefix)]);
    const there = new Map(target.map((object) => [object.key, object.size]));
    const wanted = source.filter((object) => there.get(object.key) !== object.size);
    report.skipped += source.length - wanted.length;
    let next = 0;
    const worker = async () => {
      while (next < wanted.length) {
        const { key } = wanted[next++]!;
        const object = await from.get(key);
        // Gone since the listing (a photo deleted meanwhile): nothing to copy.
        if (!object) continue;
        await to.put(key, object.body, { contentType: contentTypeOf(key), cacheControl: IMMUTABLE });
        report.copied += 1;
        report.copiedBytes += object.body.length;
        onCopied?.(key);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, wanted.length) }, worker));
  }
  return report;
}
