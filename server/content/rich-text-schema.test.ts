import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseInput } from "../http/validation";
import { RICH_TEXT_LIMITS, richTextSchema } from "./rich-text-schema";

const PHOTO = "/media/0123456789abcdef01234567-640.jpg";
const doc = (...content: unknown[]) => ({ type: "doc", content });
const para = (...content: unknown[]) => ({ type: "paragraph", content });
const text = (t: string, marks?: unknown[]) => ({ type: "text", text: t, ...(marks ? { marks } : {}) });
const link = (href: string) => doc(para(text("see", [{ type: "link", attrs: { href, target: "_blank", rel: "noopener noreferrer nofollow", class: null } }])));
const image = (attrs: Record<string, unknown>) => doc({ type: "image", attrs });

/** The 400 message a body of `{ body }` gets. */
function refusal(body: unknown): string {
  try {
    parseInput(z.object({ body: richTextSchema }).strict(), { body }, "Invalid entry");
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error("accepted");
}

describe("richTextSchema", () => {
  it("accepts what the editor makes: h2-h4, lists, quotes, breaks, rules, marks, links and store photos", () => {
    const full = doc(
      { type: "heading", attrs: { level: 2 }, content: [text("Fit")] },
      { type: "heading", attrs: { level: 4, textAlign: null }, content: [text("Small")] },
      para(text("bold", [{ type: "bold" }, { type: "italic" }]), { type: "hardBreak" }, text("code", [{ type: "code" }, { type: "strike" }])),
      { type: "bulletList", content: [{ type: "listItem", content: [para(text("one"))] }] },
      { type: "orderedList", attrs: { start: 3, type: null }, content: [{ type: "listItem", content: [para(text("three"))] }] },
      { type: "blockquote", content: [para(text("quote"))] },
      { type: "horizontalRule" },
      { type: "image", attrs: { src: PHOTO, alt: "A grey hoodie", title: null, width: null, height: null } },
      { type: "paragraph" },
    );
    expect(richTextSchema.parse(full)).toEqual(full);
    for (const href of ["https://example.com/a?b=c", "mailto:hello@example.com", "tel:+1-555-0100", "/blog/2", "/shipping#pre-orders"]) {
      expect(richTextSchema.safeParse(link(href)).success, href).toBe(true);
    }
  });

  it("refuses javascript:, data:, http: and protocol-relative links", () => {
    expect(refusal(link("javascript:alert(1)"))).toBe("Invalid entry: body: content[0].content[0].marks[0].attrs.href: links may only use https:, mailto:, tel: or a path on this store");
    for (const href of ["JavaScript:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)", "data:text/html,x", "http://example.com", "//evil.example", "/\\evil.example", "vbscript:x"]) {
      expect(refusal(link(href)), href).toMatch(/links may only use/);
    }
  });

  it("refuses images from outside the store and images without alt text", () => {
    expect(refusal(image({ src: "https://evil.example/x.jpg", alt: "x" }))).toMatch(/content\[0\]\.attrs\.src: images must be the store's own photos/);
    expect(refusal(image({ src: "/media/../secret-640.jpg", alt: "x" }))).toMatch(/store's own photos/);
    expect(refusal(image({ src: PHOTO, alt: "  " }))).toMatch(/content\[0\]\.attrs\.alt: an image needs alt text/);
    expect(refusal(image({ src: PHOTO }))).toMatch(/content\[0\]\.attrs\.alt/);
  });

  it("refuses h1, unknown nodes, marks and attributes, naming the path", () => {
    expect(refusal(doc({ type: "heading", attrs: { level: 1 }, content: [text("Big")] }))).toMatch(/content\[0\]\.attrs\.level: headings are h2, h3 or h4/);
    expect(refusal(doc(para(text("a")), para(text("b")), para(text("c")), { type: "iframe", attrs: { src: "https://x" } }))).toBe("Invalid entry: body: content[3]: unknown node 'iframe'");
    expect(refusal(doc(para(text("a", [{ type: "highlight" }]))))).toMatch(/content\[0\]\.content\[0\]\.marks\[0\]: unknown mark 'highlight'/);
    expect(refusal(doc({ type: "paragraph", attrs: { style: "x" }, content: [] }))).toMatch(/content\[0\]\.attrs: unknown attribute: style/);
    expect(refusal(doc({ type: "paragraph", content: [], onclick: "x" }))).toMatch(/content\[0\]: unknown field: onclick/);
    expect(refusal(doc(text("loose")))).toMatch(/content\[0\]: 'text' is not allowed inside 'doc'/);
    expect(refusal(doc({ type: "bulletList", content: [para(text("x"))] }))).toMatch(/'paragraph' is not allowed inside 'bulletList'/);
    expect(refusal("<p>html</p>")).toMatch(/expected a document/);
  });

  it("keeps <script> as text: it is stored as written (and rendered escaped)", () => {
    const scripted = doc(para(text("<script>alert(1)</script>")));
    expect(richTextSchema.parse(scripted)).toEqual(scripted);
  });

  it("refuses a 5,000-level deep document before recursing, and oversized ones", () => {
    let deep: unknown = para(text("bottom"));
    for (let i = 0; i < 5_000; i++) deep = { type: "blockquote", content: [deep] };
    expect(refusal(doc(deep))).toMatch(/nested too deeply \(over 20 levels\)/);
    const many = doc(...Array.from({ length: RICH_TEXT_LIMITS.nodes }, () => ({ type: "horizontalRule" })));
    expect(refusal(many)).toMatch(/too large|too many parts/);
    const long = doc(...Array.from({ length: 40 }, () => para(text("x".repeat(2_000)))));
    expect(refusal(long)).toMatch(/text is too long/);
    const photos = doc(...Array.from({ length: 300 }, () => ({ type: "image", attrs: { src: PHOTO, alt: "a".repeat(300), title: "t".repeat(300) } })));
    expect(refusal(photos)).toBe("Invalid entry: body: the document is too large (over 90 kB)");
  });
});
