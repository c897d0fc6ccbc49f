import type { ReactNode } from "react";
import { renderJSONContentToReactElement, type JSONMarkType, type JSONNodeType, type MarkProps, type NodeProps } from "@tiptap/static-renderer/json/react";
import { Link } from "react-router";
import { storedMediaUrl } from "../../../shared/photo-urls";
import type { RichTextDoc } from "../../../shared/rich-text";

/**
 * Stored rich text (TipTap JSON, checked on save by server/content/rich-text-schema.ts) as React elements, through
 * TipTap's static renderer with our own components: text is always a React child, so it renders escaped, and there is
 * no HTML string anywhere on the path. A node or mark we don't know renders nothing.
 */
type Node = NodeProps<JSONNodeType, ReactNode>;
type Mark = MarkProps<JSONMarkType, ReactNode>;

const str = (v: unknown) => (typeof v === "string" ? v : undefined);
const num = (v: unknown) => (typeof v === "number" ? v : undefined);

function RichLink({ mark, children }: Mark) {
  const href = str(mark.attrs?.href) ?? "/";
  if (href.startsWith("/")) return <Link to={href} className="font-semibold underline underline-offset-2">{children}</Link>;
  return (
    <a href={href} rel="noopener noreferrer" className="font-semibold underline underline-offset-2">
      {children}
    </a>
  );
}

const render = renderJSONContentToReactElement({
  nodeMapping: {
    doc: ({ children }: Node) => <>{children}</>,
    text: ({ node }: Node) => <>{node.text}</>,
    paragraph: ({ children }: Node) => <p className="text-ink-muted">{children}</p>,
    heading: ({ node, children }: Node) => {
      const level = num(node.attrs?.level);
      if (level === 3) return <h3 className="pt-2 font-display text-xl font-bold">{children}</h3>;
      if (level === 4) return <h4 className="font-display text-lg font-bold">{children}</h4>;
      return <h2 className="pt-4 font-display text-2xl font-bold">{children}</h2>;
    },
    bulletList: ({ children }: Node) => <ul className="list-disc space-y-2 pl-6 text-ink-muted">{children}</ul>,
    orderedList: ({ node, children }: Node) => (
      <ol start={num(node.attrs?.start)} className="list-decimal space-y-2 pl-6 text-ink-muted">
        {children}
      </ol>
    ),
    listItem: ({ children }: Node) => <li className="[&>p]:inline">{children}</li>,
    blockquote: ({ children }: Node) => <blockquote className="border-l-4 border-brand-500 pl-4 italic">{children}</blockquote>,
    hardBreak: () => <br />,
    horizontalRule: () => <hr className="border-line" />,
    image: ({ node }: Node) => (
      <img src={storedMediaUrl(str(node.attrs?.src))} alt={str(node.attrs?.alt) ?? ""} width={num(node.attrs?.width)} height={num(node.attrs?.height)} loading="lazy" className="w-full rounded-3xl" />
    ),
  },
  markMapping: {
    bold: ({ children }: Mark) => <strong>{children}</strong>,
    italic: ({ children }: Mark) => <em>{children}</em>,
    strike: ({ children }: Mark) => <s>{children}</s>,
    code: ({ children }: Mark) => <code className="rounded bg-surface-muted px-1 font-mono text-[0.9em]">{children}</code>,
    link: RichLink,
  },
  unhandledNode: () => null,
  unhandledMark: ({ children }: Mark) => <>{children}</>,
});

export function RichText({ doc, className = "space-y-5 text-lg leading-8" }: { doc: RichTextDoc; className?: string }) {
  return <div className={className}>{render({ content: doc })}</div>;
}
