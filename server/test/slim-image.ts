/**
 * The PGlite test image cut to what a start reads (issue 49). Every test file loads the image into PGlite's in-memory
 * file system, and that load cost in CPU what its size did: 45 MB took about 480 ms a file, 12 MB about 230 ms.
 * - WAL: the image is dumped right after a WAL switch and a checkpoint, so the segment holding the checkpoint is
 *   nearly empty. Only that segment is kept, cut after its last page in use (PostgreSQL writes on into it, and reads
 *   a short segment's end as the end of the WAL). The older and the recycled segments are left out.
 * - `template0` and `template1` (base/1 and base/4): the store and its tests use the `postgres` database alone.
 */
const BLOCK = 512;
const WAL_PAGE = 8192;

interface Entry {
  name: string;
  header: Uint8Array;
  data: Uint8Array;
}

/** The tarball without the templates and the other WAL segments, with the segment `walFile` cut to its pages in use. */
export function slimImage(tar: Uint8Array, walFile: string): Uint8Array {
  const kept: Uint8Array[] = [];
  for (const entry of entries(tar)) {
    if (/^\/?base\/(1|4)(\/|$)/.test(entry.name)) continue;
    const wal = /^\/?pg_wal\/([0-9A-F]{24})$/.exec(entry.name);
    if (wal && wal[1] !== walFile) continue;
    if (wal) {
      const data = entry.data.subarray(0, roundUp(usedLength(entry.data), WAL_PAGE));
      kept.push(withSize(entry.header, data.length), padded(data));
    } else {
      kept.push(entry.header, padded(entry.data));
    }
  }
  kept.push(new Uint8Array(BLOCK * 2)); // the end-of-archive marker
  return concat(kept);
}

function* entries(tar: Uint8Array): Generator<Entry> {
  for (let at = 0; at + BLOCK <= tar.length; ) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) return;
    const type = String.fromCharCode(header[156]!);
    if (type === "x" || type === "g" || type === "L") throw new Error(`The test image has a tar entry of type ${type}, which slimImage does not read`);
    const size = parseInt(text(header, 124, 12).trim() || "0", 8);
    const prefix = text(header, 345, 155);
    const name = (prefix ? `${prefix}/` : "") + text(header, 0, 100);
    yield { name, header, data: tar.subarray(at + BLOCK, at + BLOCK + size) };
    at += BLOCK + roundUp(size, BLOCK);
  }
}

/** A copy of a header giving `size`, with its checksum computed again. */
function withSize(header: Uint8Array, size: number): Uint8Array {
  const next = header.slice();
  next.set(ascii(`${size.toString(8).padStart(11, "0")}\0`), 124);
  next.fill(32, 148, 156); // the checksum is summed with its own field as spaces
  const sum = next.reduce((total, byte) => total + byte, 0);
  next.set(ascii(`${sum.toString(8).padStart(6, "0")}\0 `), 148);
  return next;
}

function usedLength(data: Uint8Array): number {
  let end = data.length;
  while (end > 0 && data[end - 1] === 0) end--;
  return end;
}

const roundUp = (n: number, unit: number) => Math.ceil(n / unit) * unit;
const text = (bytes: Uint8Array, at: number, length: number) => new TextDecoder().decode(bytes.subarray(at, at + length)).replace(/\0.*$/s, "");
const ascii = (value: string) => new TextEncoder().encode(value);

function padded(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(roundUp(data.length, BLOCK));
  out.set(data);
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
