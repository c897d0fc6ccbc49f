import { constants, crc32, deflateRawSync } from "node:zlib";
import { crc32Combine, crc32Shift } from "./crc32-combine";
import type { Fill, PageTemplate } from "./page-template";

/**
 * A stored page sent gzipped without compressing it per answer (decision 0048). Every answer differs from the stored
 * page only in its holes (the CSP nonce, a visitor's own texts, a product's latest stock), so the static stretches
 * between them are compressed once, each as raw deflate blocks ending in a sync flush (byte-aligned, not final). An
 * answer is a gzip header, those blocks with its hole texts between them as blocks of their own, an empty final block,
 * and the CRC-32 (combined from the stretches' own, see crc32-combine.ts) and length of what it decodes to. A decoder
 * reads it as one stream.
 *
 * A stretch's back-references may reach into the page before it only as far as the last hole whose text's length
 * varies: the distances past a hole of fixed length (the nonce) hold in every answer. Such a hole's own bytes are given
 * to the compressor as zeros, which a page never holds, so no reference copies them.
 */
export interface GzipStretches {
  stretches: GzipStretch[];
  /** The holes whose texts always have the length of the page's own (an answer with another goes uncompressed). */
  fixed: (name: string) => boolean;
}

interface GzipStretch {
  deflated: Buffer;
  crc: number;
  length: number;
  /** crc32Shift(length), for combining. */
  shift: number;
}

/** A body shorter than this goes as it is (the compression middleware's threshold too). */
export const GZIP_FROM = 1024;

/**
 * A hole's text this long or longer is compressed in the answer (the cart page's lines); a shorter one is stored as it is
 * (a stored block holds up to 65,535 bytes).
 */
const DEFLATE_FILLS_FROM = 1024;

const SYNC = { finishFlush: constants.Z_SYNC_FLUSH };
/**
 * A long hole text (the cart page's lines, a few KB) is compressed per answer: fast, and with a small window and hash
 * (a few KB of zlib's state rather than its default 256 KB, allocated and freed for every answer).
 */
const FILL_DEFLATE = { ...SYNC, level: 1, windowBits: 11, memLevel: 4 };
/** How far back before its stretch the compressor may look (deflate's window is 32 KB; the start-up cost grows with it). */
const LOOK_BACK = 16 * 1024;
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** The template's static stretches, one before each hole and one after the last, compressed. */
export function gzipStretches({ body, holes }: PageTemplate, fixed: (name: string) => boolean = () => false): GzipStretches {
  const clean = body.indexOf(0) === -1;
  const stretches: GzipStretch[] = [];
  let at = 0;
  let reach = 0;
  holes.forEach(([from, to, name], i) => {
    stretches.push(compressed(body, at, from, clean ? lookBack(body, holes.slice(0, i), Math.max(reach, at - LOOK_BACK), at) : undefined));
    if (!fixed(name)) reach = to;
    at = to;
  });
  stretches.push(compressed(body, at, body.length, clean ? lookBack(body, holes, Math.max(reach, at - LOOK_BACK), at) : undefined));
  return { stretches: packed(stretches), fixed };
}

/**
 * The stretches' blocks copied into one Buffer of their size: zlib hands each back as a slice of its own 16 KB output
 * buffer, which a stored page's twenty-odd stretches would each keep whole.
 */
function packed(stretches: GzipStretch[]): GzipStretch[] {
  const all = Buffer.allocUnsafeSlow(stretches.reduce((n, s) => n + s.deflated.length, 0));
  let at = 0;
  return stretches.map((stretch) => {
    const length = stretch.deflated.copy(all, at);
    at += length;
    return { ...stretch, deflated: all.subarray(at - length, at) };
  });
}

/** The page from `from` to `to` as the compressor may look back on it: the fixed holes in it zeroed. */
function lookBack(body: Buffer, holes: [number, number, string][], from: number, to: number): Buffer | undefined {
  if (to <= from) return undefined;
  const seen = Buffer.from(body.subarray(from, to));
  for (const [start, end] of holes) if (end > from) seen.fill(0, Math.max(start, from) - from, end - from);
  return seen;
}

function compressed(body: Buffer, from: number, to: number, dictionary: Buffer | undefined): GzipStretch {
  const bytes = body.subarray(from, to);
  return { deflated: bytes.length > 0 ? deflateRawSync(bytes, { ...SYNC, ...(dictionary && { dictionary }) }) : Buffer.alloc(0), crc: crc32(bytes), length: bytes.length, shift: crc32Shift(bytes.length) };
}

/**
 * The gzipped answer's pieces: the stored stretches, with each hole filled (or keeping the page's own bytes); null when a
 * fixed hole's text has another length.
 */
export function gzipFill({ body, holes }: PageTemplate, { stretches, fixed }: GzipStretches, fill: Fill): Buffer[] | null {
  // Not gathered into fewer Buffers: the answer goes corked, in one system call however many pieces it has, and a copy
  // per answer (most stretches are short once compressed) is memory malloc keeps.
  const pieces: Buffer[] = [HEADER];
  const add = (piece: Buffer) => piece.length > 0 && pieces.push(piece);
  let crc = 0;
  let size = 0;
  const stretch = ({ deflated, crc: own, length, shift }: GzipStretch) => {
    add(deflated);
    crc = crc32Combine(crc, own, shift);
    size += length;
  };
  for (const [i, [from, to, name]] of holes.entries()) {
    stretch(stretches[i]!);
    const text = fill(name) ?? body.subarray(from, to);
    if (text.length !== to - from && fixed(name)) return null;
    if (text.length >= DEFLATE_FILLS_FROM) add(deflateRawSync(text, FILL_DEFLATE));
    else if (text.length > 0) pieces.push(storedBlockHeader(text.length), text);
    crc = crc32(text, crc);
    size += text.length;
  }
  stretch(stretches[holes.length]!);
  const trailer = Buffer.allocUnsafe(10);
  trailer[0] = 0x03; // an empty final block (fixed codes: its end-of-block code, padded)
  trailer[1] = 0;
  trailer.writeUInt32LE(crc, 2);
  trailer.writeUInt32LE(size % 2 ** 32, 6);
  pieces.push(trailer);
  return pieces;
}

/** The header of a stored block (not final) of `length` bytes: its type bits, padded to the byte, the length and its complement. */
function storedBlockHeader(length: number): Buffer {
  const header = Buffer.allocUnsafe(5);
  header[0] = 0;
  header.writeUInt16LE(length, 1);
  header.writeUInt16LE(~length & 0xffff, 3);
  return header;
}

/** Whether an Accept-Encoding header allows gzip (named, or `*`, without q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let any = false;
  for (const part of header.split(",")) {
    const [coding = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (coding === "gzip") return allowed;
    if (coding === "*") any = allowed;
  }
  return any;
}
