import { z } from "zod";
import { isAllowedHref, RICH_TEXT_BLOCKS, type RichTextDoc } from "../../shared/rich-text";
import { DERIVATIVE_FILE } from "../media/media-store";

/**
 * The TipTap JSON a content entry may store (issue 28): an allowlist of nodes, marks and attributes. Anything else is
 * refused with the path to it, never dropped silently, so the editor can show what was wrong (Payload #13705).
 * The walk is iterative and the limits are checked as it goes, so a 5,000-level document is a 400, not a stack overflow.
 */
export const RICH_TEXT_LIMITS = { depth: 20, nodes: 5_000, textLength: 60_000, jsonBytes: 90_000 } as const;

const INLINE = ["text", "hardBreak"] as const;
const MARKS = ["bold", "italic", "strike", "code", "link"] as const;

/** Images come only from the store's own photo pipeline: /media/{key}-{width}.{format}. */
export const isStoreMedia = (src: string) => src.startsWith("/media/") && DERIVATIVE_FILE.test(src.slice("/media/".length));

const nothing = z.union([z.undefined(), z.null(), z.object({}).strict()]);
const href = z.string().max(2000).refine(isAllowedHref, "links may only use https:, mailto:, tel: or a path on this store");
const linkAttrs = z
  .object({ href, target: z.enum(["_blank"]).nullish(), rel: z.string().max(100).nullish(), class: z.null().optional(), title: z.string().max(300).nullish() })
  .strict();

/** Each node's attributes and the nodes it may hold. */
const NODES: Record<string, { attrs: z.ZodType; children: readonly string[] }> = {
  doc: { attrs: nothing, children: RICH_TEXT_BLOCKS },
  paragraph: { attrs: z.union([nothing, z.object({ textAlign: z.null() }).strict()]), children: INLINE },
  heading: { attrs: z.object({ level: z.union([z.literal(2), z.literal(3), z.literal(4)], "headings are h2, h3 or h4"), textAlign: z.null().optional() }).strict(), children: INLINE },
  bulletList: { attrs: nothing, children: ["listItem"] },
  orderedList: { attrs: z.union([nothing, z.object({ start: z.int().min(0).max(10_000).optional(), type: z.enum(["1", "a", "A", "i", "I"]).nullish() }).strict()]), children: ["listItem"] },
  listItem: { attrs: nothing, children: RICH_TEXT_BLOCKS },
  blockquote: { attrs: nothing, children: RICH_TEXT_BLOCKS },
  horizontalRule: { attrs: nothing, children: [] },
  hardBreak: { attrs: nothing, children: [] },
  image: {
    attrs: z
      .object({
        src: z.string().refine(isStoreMedia, "images must be the store's own photos (/media/…)"),
        alt: z.string().trim().min(1, "an image needs alt text").max(300),
        title: z.string().max(300).nullish(),
        width: z.int().positive().max(10_000).nullish(),
        height: z.int().positive().max(10_000).nullish(),
      })
      .strict(),
    children: [],
  },
};

type Issue = { path: (string | number)[]; message: string };

function describeKeys(value: Record<string, unknown>, allowed: string[]): string | null {
  const extra = Object.keys(value).filter((k) => !allowed.includes(k));
  return extra.length ? `unknown field${extra.length > 1 ? "s" : ""}: ${extra.join(", ")}` : null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The first thing wrong with a document, or null. */
export function findRichTextIssue(value: unknown): Issue | null {
  if (!isObject(value) || value.type !== "doc") return { path: [], message: "expected a document ({ type: 'doc', content: [...] })" };
  let nodes = 0;
  let textLength = 0;
  const stack: { node: unknown; path: (string | number)[]; depth: number; parent: string | null }[] = [{ node: value, path: [], depth: 1, parent: null }];
  while (stack.length) {
    const { node, path, depth, parent } = stack.pop()!;
    if (depth > RICH_TEXT_LIMITS.depth) return { path, message: `the document is nested too deeply (over ${RICH_TEXT_LIMITS.depth} levels)` };
    if (++nodes > RICH_TEXT_LIMITS.nodes) return { path, message: `the document has too many parts (over ${RICH_TEXT_LIMITS.nodes})` };
    if (!isObject(node) || typeof node.type !== "string") return { path, message: "expected a node with a type" };
    const type = node.type;
    if (parent && !NODES[parent]!.children.includes(type)) {
      return { path, message: NODES[type] || type === "text" ? `'${type}' is not allowed inside '${parent}'` : `unknown node '${type.slice(0, 40)}'` };
    }
    if (type === "text") {
      const extra = describeKeys(node, ["type", "text", "marks"]);
      if (extra) return { path, message: extra };
      if (typeof node.text !== "string" || node.text === "") return { path: [...path, "text"], message: "text must be a non-empty string" };
      textLength += node.text.length;
      if (textLength > RICH_TEXT_LIMITS.textLength) return { path, message: `the document's text is too long (over ${RICH_TEXT_LIMITS.textLength} characters)` };
      const issue = findMarkIssue(node.marks, [...path, "marks"]);
      if (issue) return issue;
      continue;
    }
    const spec = NODES[type];
    if (!spec) return { path, message: `unknown node '${type.slice(0, 40)}'` };
    const extra = describeKeys(node, ["type", "attrs", "content"]);
    if (extra) return { path, message: extra };
    const attrs = spec.attrs.safeParse(node.attrs);
    if (!attrs.success) {
      const first = attrs.error.issues[0]!;
      return { path: [...path, "attrs", ...first.path.map((p) => (typeof p === "symbol" ? String(p) : p))], message: first.code === "unrecognized_keys" ? `unknown attribute${first.keys.length > 1 ? "s" : ""}: ${first.keys.join(", ")}` : first.message };
    }
    if (node.content === undefined) continue;
    if (!Array.isArray(node.content)) return { path: [...path, "content"], message: "content must be a list" };
    if (node.content.length && !spec.children.length) return { path: [...path, "content"], message: `'${type}' holds nothing` };
    for (let i = node.content.length - 1; i >= 0; i--) stack.push({ node: node.content[i], path: [...path, "content", i], depth: depth + 1, parent: type });
  }
  // Measured after the walk, which has already bounded the depth and the node count.
  if (Buffer.byteLength(JSON.stringify(value)) > RICH_TEXT_LIMITS.jsonBytes) return { path: [], message: `the document is too large (over ${RICH_TEXT_LIMITS.jsonBytes / 1000} kB)` };
  return null;
}

function findMarkIssue(marks: unknown, path: (string | number)[]): Issue | null {
  if (marks === undefined) return null;
  if (!Array.isArray(marks) || marks.length > MARKS.length) return { path, message: "marks must be a short list" };
  for (const [i, mark] of marks.entries()) {
    if (!isObject(mark) || typeof mark.type !== "string") return { path: [...path, i], message: "expected a mark with a type" };
    if (!(MARKS as readonly string[]).includes(mark.type)) return { path: [...path, i], message: `unknown mark '${mark.type.slice(0, 40)}'` };
    const extra = describeKeys(mark, ["type", "attrs"]);
    if (extra) return { path: [...path, i], message: extra };
    const attrs = (mark.type === "link" ? linkAttrs : nothing).safeParse(mark.attrs);
    if (!attrs.success) {
      const first = attrs.error.issues[0]!;
      return { path: [...path, i, "attrs", ...first.path.map((p) => (typeof p === "symbol" ? String(p) : p))], message: first.message };
    }
  }
  return null;
}

/** "content[3].attrs.src" */
export const formatRichTextPath = (path: (string | number)[]) => path.map((p, i) => (typeof p === "number" ? `[${p}]` : i ? `.${p}` : p)).join("");

/** A field holding a checked TipTap document: the error names the path, e.g. "body.content[3]: unknown node 'iframe'". */
export const richTextSchema = z.unknown().transform((value, ctx): RichTextDoc => {
  const issue = findRichTextIssue(value);
  if (issue) {
    const where = formatRichTextPath(issue.path);
    ctx.addIssue({ code: "custom", message: where ? `${where}: ${issue.message}` : issue.message, input: value });
    return z.NEVER;
  }
  return value as RichTextDoc;
});
