/**
 * A stored page cut once where each answer writes its own text: the CSP nonce, and on a shared page the viewer's places
 * (decision 0034). An answer is the page's bytes with those holes filled, found without searching the page again.
 */
export interface PageTemplate {
  body: Buffer;
  /** `[from, to, name]` in the page's order, not overlapping: the bytes a fill may replace. */
  holes: [number, number, string][];
}

/** What fills a hole: its new text, or undefined to keep the page's own bytes there. */
export type Fill = (name: string) => Buffer | undefined;

/**
 * A static stretch shorter than this is copied into the piece around it rather than sent on its own: every piece is a
 * write to the socket (a system call), and a page with a nonce in each of its twenty scripts was forty of them.
 */
const GATHER_BELOW = 8 * 1024;

/** Every place `marker` occurs in `body`, as holes named `name`. */
export function holesOf(body: Buffer, marker: string, name: string): [number, number, string][] {
  if (!marker) return [];
  const search = Buffer.from(marker);
  const holes: [number, number, string][] = [];
  for (let at = body.indexOf(search); at !== -1; at = body.indexOf(search, at + search.length)) holes.push([at, at + search.length, name]);
  return holes;
}

export function pageTemplate(body: Buffer, holes: [number, number, string][]): PageTemplate {
  const sorted = [...holes].sort((a, b) => a[0] - b[0]);
  const kept = sorted.filter(([from], i) => i === 0 || from >= sorted[i - 1]![1]);
  return { body, holes: kept };
}

/**
 * The template with the holes `fill` has a text for filled in for good: a new body, with the other holes where their
 * bytes now are (a product page with its latest stock, decision 0048).
 */
export function filledTemplate({ body, holes }: PageTemplate, fill: Fill): PageTemplate {
  const parts: Buffer[] = [];
  const kept: [number, number, string][] = [];
  let at = 0;
  let moved = 0;
  for (const [from, to, name] of holes) {
    const text = fill(name);
    if (text === undefined) {
      kept.push([from + moved, to + moved, name]);
      continue;
    }
    parts.push(body.subarray(at, from), text);
    moved += text.length - (to - from);
    at = to;
  }
  parts.push(body.subarray(at));
  return { body: Buffer.concat(parts), holes: kept };
}

/**
 * Pieces to write, in order: long ones on their own (views of the stored page, no copy), runs of short ones joined into
 * one Buffer each (every piece is a write to the socket), empty ones left out.
 */
function gatherer() {
  const pieces: Buffer[] = [];
  let gathered: Buffer[] = [];
  const flush = () => {
    if (gathered.length > 0) pieces.push(gathered.length === 1 ? gathered[0]! : Buffer.concat(gathered));
    gathered = [];
  };
  return {
    add(piece: Buffer) {
      if (piece.length === 0) return;
      if (piece.length < GATHER_BELOW) return void gathered.push(piece);
      flush();
      pieces.push(piece);
    },
    done(): Buffer[] {
      flush();
      return pieces;
    },
  };
}

/** The answer's pieces: the stored page's static stretches with each hole filled (or keeping its own bytes). */
export function fillTemplate({ body, holes }: PageTemplate, fill: Fill): Buffer[] {
  const out = gatherer();
  let at = 0;
  for (const [from, to, name] of holes) {
    out.add(body.subarray(at, from));
    out.add(fill(name) ?? body.subarray(from, to));
    at = to;
  }
  out.add(body.subarray(at));
  return out.done();
}
