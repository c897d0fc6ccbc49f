import { Fragment } from "react";
import { type Inline, parseDescription } from "../../../shared/description";

function Parts({ parts }: { parts: Inline[] }) {
  return parts.map((p, i) => <Fragment key={i}>{p.strong ? <strong className="font-semibold text-ink">{p.text}</strong> : p.em ? <em>{p.text}</em> : p.text}</Fragment>);
}

/** A product's description from its small Markdown, as React elements (never raw HTML). */
export function ProductDescription({ text }: { text: string }) {
  return (
    <div className="space-y-3 leading-7 text-ink-muted">
      {parseDescription(text).map((block, i) =>
        block.type === "ul" ? (
          <ul key={i} className="list-disc space-y-1 pl-5">
            {block.items.map((item, j) => (
              <li key={j}>
                <Parts parts={item} />
              </li>
            ))}
          </ul>
        ) : block.type === "h" ? (
          <h2 key={i} className="pt-1 text-base font-semibold text-ink">
            <Parts parts={block.parts} />
          </h2>
        ) : (
          <p key={i}>
            <Parts parts={block.parts} />
          </p>
        ),
      )}
    </div>
  );
}
