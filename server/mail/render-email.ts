import { plainTextSelectors, render } from "@react-email/render";
import { compile } from "html-to-text";
import type { ReactElement } from "react";

// The few parts of html-to-text's formatter API used here (the package ships no types).
interface TextBuilder {
  addInline(text: string, options?: { noWordTransform?: boolean }): void;
  pushWordTransform(transform: (word: string) => string): void;
  popWordTransform(): void;
}
interface Element {
  attribs?: Record<string, string>;
  children: unknown[];
}
type Formatter = (elem: Element, walk: (nodes: unknown[], builder: TextBuilder) => void, builder: TextBuilder) => void;

/** "Track your parcel: https://..." — in plain text a link's words are followed by where it goes. */
const labelledLink: Formatter = (elem, walk, builder) => {
  const href = elem.attribs?.href ?? "";
  let words = "";
  builder.pushWordTransform((word) => ((words += word), word));
  walk(elem.children, builder);
  builder.popWordTransform();
  // A mailto link reads as its address: "help@example.com", not "help@example.com: mailto:help@example.com".
  if (!href || href === words || href === `mailto:${words}`) return;
  builder.addInline(words ? `: ${href}` : href, { noWordTransform: true });
};

/** A cell that labels the next one (an amount): "Total: $161.99" on one line. */
const labelCell: Formatter = (elem, walk, builder) => {
  walk(elem.children, builder);
  builder.addInline(": ");
};

/**
 * HTML to plain text as React Email's `toPlainText` does it (no wrapping, its selectors first), with ours. Compiled
 * once: compiling the options on every call was four fifths of the conversion's time, on every checkout's email.
 */
const toPlainText = compile({
  wordwrap: false,
  formatters: { labelledLink, labelCell },
  selectors: [
    ...plainTextSelectors,
    { selector: "a", format: "labelledLink" },
    ...["h1", "h2", "h3"].map((selector) => ({ selector, options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 2 } })),
    { selector: "table[data-text=row]", format: "block", options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: "td[data-text=label]", format: "labelCell" },
    { selector: "td[data-text=value]", format: "inline" },
  ],
});

/** An email component as the two parts of a message: its HTML, and plain text made from that HTML (so both say the same). */
export async function renderEmail(email: ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(email);
  return { html, text: toPlainText(html).trim() };
}
