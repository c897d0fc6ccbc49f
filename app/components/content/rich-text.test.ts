import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { paragraphsDoc, richTextPlain, type RichTextDoc } from "../../../shared/rich-text";
import { RichText } from "./rich-text";

const html = (doc: RichTextDoc) => renderToStaticMarkup(createElement(MemoryRouter, null, createElement(RichText, { doc, className: "x" })));

describe("RichText", () => {
  it("renders stored text escaped: <script> is text, never markup", () => {
    const out = html(paragraphsDoc(['<script>alert("x")</script>', "<img src=x onerror=alert(1)>"]));
    expect(out).toBe('<div class="x"><p class="text-ink-muted">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p><p class="text-ink-muted">&lt;img src=x onerror=alert(1)&gt;</p></div>');
  });

  it("maps headings, lists, marks, links and photos to our elements", () => {
    const out = html({
      type: "doc",
      content: [
        { type: "heading", attrs: { level: 3 }, content: [{ type: "text", text: "Care" }] },
        { type: "bulletList", content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Cold wash", marks: [{ type: "bold" }] }] }] }] },
        { type: "paragraph", content: [{ type: "text", text: "Sizes", marks: [{ type: "link", attrs: { href: "/size-guide" } }] }, { type: "text", text: " and ", marks: [] }, { type: "text", text: "mail", marks: [{ type: "link", attrs: { href: "mailto:a@b.co" } }] }] },
        { type: "image", attrs: { src: "/media/0123456789abcdef01234567-640.jpg", alt: "Hoodie" } },
      ],
    });
    expect(out).toContain('<h3 class="pt-2 font-display text-xl font-bold">Care</h3>');
    expect(out).toContain("<ul");
    expect(out).toContain("<strong>Cold wash</strong>");
    expect(out).toContain('href="/size-guide"');
    expect(out).toContain('<a href="mailto:a@b.co" rel="noopener noreferrer"');
    expect(out).toContain('src="/media/0123456789abcdef01234567-640.jpg" alt="Hoodie"');
  });

  it("richTextPlain joins blocks with blank lines", () => {
    expect(richTextPlain({ type: "doc", content: [{ type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "A" }] }, { type: "paragraph", content: [{ type: "text", text: "b" }, { type: "hardBreak" }, { type: "text", text: "c" }] }] })).toBe("A\n\nb c");
  });
});
