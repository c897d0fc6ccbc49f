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
 * The answer's pieces: long static stretches as views of the stored page (no copy), everything between them (short
 * stretches and the filled holes) gathered into one Buffer each.
 */
export function fillTemplate({ body, holes }: PageTemplate, fill: Fill): Buffer[] {
  const pieces: Buffer[] = [];
  let gathered: Buffer[] = [];
  const flush = () => {
    if (gathered.length > 0) pieces.push(gathered.length === 1 ? gathered[0]! : Buffer.concat(gathered));
    gathered = [];
  };
  const stretch = (from: number, to: number) => {
    if (to <= from) return;
    if (to - from < GATHER_BELOW) return void gathered.push(body.subarray(from, to));
    flush();
    pieces.push(body.subarray(from, to));
  };
  let at = 0;
  for (const [from, to, name] of holes) {
    stretch(at, from);
    gathered.push(fill(name) ?? body.subarray(from, to));
    at = to;
  }
  stretch(at, body.length);
  flush();
  return pieces;
}
