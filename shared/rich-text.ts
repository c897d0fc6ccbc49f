/**
 * Shared by the UI and the server: pure code only, importing nothing from app/ or server/.
 *
 * Stored rich text is TipTap's JSON (issue 28, DESIGN §10), limited to the nodes and marks below; the server checks
 * every save against server/content/rich-text-schema.ts and app/components/content/rich-text.tsx renders it.
 */

export type RichTextMark =
  | { type: "bold" | "italic" | "strike" | "code" }
  | { type: "link"; attrs: { href: string; target?: "_blank" | null; rel?: string | null; class?: null; title?: string | null } };

export interface RichTextText {
  type: "text";
  text: string;
  marks?: RichTextMark[];
}

export interface RichTextNode {
  type: RichTextNodeType;
  attrs?: Record<string, unknown>;
  content?: (RichTextNode | RichTextText)[];
}

export interface RichTextDoc {
  type: "doc";
  content: RichTextNode[];
}

export const RICH_TEXT_BLOCKS = ["paragraph", "heading", "bulletList", "orderedList", "blockquote", "horizontalRule", "image"] as const;
export type RichTextNodeType = "doc" | "listItem" | "hardBreak" | (typeof RICH_TEXT_BLOCKS)[number];

/** A link goes to https:, mailto:, tel: or a path on this store ("/…", never "//host"). */
export function isAllowedHref(href: string): boolean {
  // Browsers drop tabs, newlines and control characters inside a URL ("java\tscript:"), so none may appear.
  if (/[\s\\]/.test(href) || [...href].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)) return false;
  if (href.startsWith("/")) return !href.startsWith("//");
  return /^(https:\/\/[^/?#]+|mailto:[^/]|tel:\+?[\d\-(). ]+$)/i.test(href);
}

/** A document of one paragraph per string: what plain text becomes. */
export const paragraphsDoc = (paragraphs: string[]): RichTextDoc => ({
  type: "doc",
  content: paragraphs.map((text) => ({ type: "paragraph", content: text ? [{ type: "text", text }] : [] })),
});

/** The plain text of a document, paragraphs and headings separated by blank lines (search, feed summaries). */
export function richTextPlain(doc: RichTextDoc): string {
  const blocks: string[] = [];
  // Iterative, so a deep document can't overflow the stack; "end" closes a paragraph or heading.
  const stack: (RichTextNode | RichTextText | "end")[] = [...doc.content].reverse();
  let line = "";
  while (stack.length) {
    const node = stack.pop()!;
    if (node === "end") {
      if (line.trim()) blocks.push(line.trim());
      line = "";
    } else if (node.type === "text") line += (node as RichTextText).text;
    else if (node.type === "hardBreak") line += " ";
    else {
      if (node.type === "paragraph" || node.type === "heading") stack.push("end");
      stack.push(...[...((node as RichTextNode).content ?? [])].reverse());
    }
  }
  return blocks.join("\n\n");
}
