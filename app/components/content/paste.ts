import type { JSONContent } from "@tiptap/core";

/**
 * What the editor does to pasted text before TipTap reads it (issue 28: "pasting from a word processor or from
 * Markdown keeps headings, lists, links and emphasis"). The editor's own schema then keeps only what it knows; the
 * server checks the result again on save.
 */

const MARKDOWN = /^(#{1,6}\s|[-*+]\s+\S|\d{1,3}[.)]\s+\S|>\s)|\*\*[^*\n]+\*\*|\[[^\]\n]+\]\([^)\s]+\)|(^|\s)_[^_\n]+_(\s|$)/m;

/** Plain text that reads as Markdown: a heading, a list, a quote, bold, a link or emphasis. */
export const looksLikeMarkdown = (text: string) => MARKDOWN.test(text);

const ORDERED_MARKER = /^\s*(\d+|[a-z]|[ivx]+)[.)]\s*$/i;

/**
 * Word's HTML has no lists: each item is a paragraph (class MsoListParagraph…, or style "mso-list") whose marker is a
 * span with "mso-list:Ignore". Consecutive items become one <ul> or <ol> (ordered when the marker is a number or a
 * letter). Headings are brought to h2-h4 (the store's page has the h1), images from outside the store are dropped
 * (upload them instead), and Google Docs' bold wrapper around everything is unwrapped.
 */
export function cleanPastedHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const body = doc.body;

  for (const wrapper of Array.from(body.querySelectorAll('b[id^="docs-internal-guid"]'))) wrapper.replaceWith(...Array.from(wrapper.childNodes));

  const isWordItem = (el: Element | null): el is HTMLElement =>
    !!el && el.tagName === "P" && (/MsoListParagraph/i.test(el.className) || /mso-list:\s*l\d/i.test(el.getAttribute("style") ?? ""));
  for (const first of Array.from(body.querySelectorAll("p"))) {
    if (!first.isConnected || !isWordItem(first) || isWordItem(first.previousElementSibling)) continue;
    const items: HTMLElement[] = [];
    for (let el: Element | null = first; isWordItem(el); el = el.nextElementSibling) items.push(el);
    const marker = (p: HTMLElement) => p.querySelector('span[style*="mso-list:Ignore" i], span[style*="mso-list: Ignore" i]');
    const ordered = ORDERED_MARKER.test(marker(first)?.textContent ?? "");
    const list = doc.createElement(ordered ? "ol" : "ul");
    first.before(list);
    for (const item of items) {
      marker(item)?.remove();
      const li = doc.createElement("li");
      li.append(...Array.from(item.childNodes));
      list.append(li);
      item.remove();
    }
  }

  for (const heading of Array.from(body.querySelectorAll("h1, h5, h6"))) {
    const level = heading.tagName === "H1" ? "h2" : "h4";
    const replacement = doc.createElement(level);
    replacement.append(...Array.from(heading.childNodes));
    heading.replaceWith(replacement);
  }

  for (const img of Array.from(body.querySelectorAll("img"))) {
    if (!(img.getAttribute("src") ?? "").startsWith("/media/")) img.remove();
  }
  return body.innerHTML;
}

/** Markdown's headings brought to h2-h4 and images from outside the store dropped, as for pasted HTML. */
export function cleanPastedDoc(content: JSONContent): JSONContent {
  const walk = (node: JSONContent): JSONContent | null => {
    if (node.type === "image" && !String(node.attrs?.src ?? "").startsWith("/media/")) return null;
    const next: JSONContent = { ...node };
    if (node.type === "heading") next.attrs = { ...node.attrs, level: Math.min(4, Math.max(2, Number(node.attrs?.level ?? 2))) };
    if (node.content) next.content = node.content.map(walk).filter((n): n is JSONContent => n !== null);
    return next;
  };
  return walk(content) ?? { type: "doc", content: [] };
}
