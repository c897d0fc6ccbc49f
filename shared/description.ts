/**
 * Product descriptions are a small Markdown: paragraphs, "## " headings, lists of "- ", "* " or "• " lines, and
 * **bold** or *italic* words. They are turned into these blocks and rendered as React elements, so nothing a
 * description says is ever put into a page as HTML.
 */
export type Inline = { text: string; strong?: boolean; em?: boolean };
export type Block = { type: "p" | "h"; parts: Inline[] } | { type: "ul"; items: Inline[][] };

const BULLET = /^(?:[-*•])\s+/;

export function parseInline(text: string): Inline[] {
  const parts: Inline[] = [];
  const pattern = /\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*/g;
  let at = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    if (m.index > at) parts.push({ text: text.slice(at, m.index) });
    parts.push(m[1] !== undefined ? { text: m[1], strong: true } : { text: m[2]!, em: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

export function parseDescription(text: string): Block[] {
  return text
    .replace(/\r\n/g, "\n")
    .split(/\n{2,}/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .flatMap((chunk): Block[] => {
      if (chunk.startsWith("## ")) return [{ type: "h", parts: parseInline(chunk.slice(3).trim()) }];
      const lines = chunk.split("\n").map((l) => l.trim());
      if (lines.every((l) => BULLET.test(l))) return [{ type: "ul", items: lines.map((l) => parseInline(l.replace(BULLET, ""))) }];
      return [{ type: "p", parts: parseInline(lines.join(" ")) }];
    });
}

/** The words alone (for meta descriptions and feeds): markers removed, blocks joined by spaces. */
export function descriptionText(text: string): string {
  return parseDescription(text)
    .map((b) => (b.type === "ul" ? b.items.map((i) => i.map((p) => p.text).join("")).join("; ") : b.parts.map((p) => p.text).join("")))
    .join(" ");
}
