import type { Editor, JSONContent, TiptapEditorHTMLElement } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import Placeholder from "@tiptap/extension-placeholder";
import { Markdown } from "@tiptap/markdown";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Bold, Heading2, Heading3, Heading4, ImagePlus, Italic, Link2, List, ListOrdered, Minus, Quote, Redo2, Strikethrough, Undo2 } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { smallButtonClass } from "~/components/admin/staff-form-kit";
import { cn } from "~/lib/cn";
import { isAllowedHref, type RichTextDoc } from "../../../shared/rich-text";
import { cleanPastedDoc, cleanPastedHtml, looksLikeMarkdown } from "./paste";
import { ApiError } from "~/lib/api";
import { uploadPhoto } from "~/lib/upload-photo";

const EMPTY: RichTextDoc = { type: "doc", content: [{ type: "paragraph" }] };

/**
 * The rich-text editor of /admin/content (issue 28): TipTap 3 with the starter kit (its code blocks and underline
 * off: the store doesn't keep them), links, store photos and a placeholder. It hands its JSON to `onChange`; the
 * server checks it again on save. Pasted Word or Google Docs HTML and Markdown keep headings, lists, links and emphasis.
 */
export function RichTextEditor({ id, label, value, onChange, error, hint }: { id: string; label: string; value: RichTextDoc | null; onChange: (doc: RichTextDoc) => void; error?: string; hint?: string }) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        codeBlock: false,
        underline: false,
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, protocols: ["mailto", "tel"], HTMLAttributes: { target: null, rel: null }, isAllowedUri: (url) => isAllowedHref(url) },
      }),
      Image.configure({ inline: false }),
      Placeholder.configure({ placeholder: "Write here. Paste from a document or Markdown keeps headings, lists, links and emphasis." }),
      Markdown,
    ],
    content: value ?? EMPTY,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": `${id}-label`,
        ...(described ? { "aria-describedby": described } : {}),
        ...(error ? { "aria-invalid": "true" } : {}),
        class: cn(
          "min-h-64 rounded-b-xl border border-t-0 bg-surface px-4 py-3 text-base leading-7 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
          "[&_h2]:mt-4 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-3 [&_h3]:font-display [&_h3]:text-xl [&_h3]:font-bold [&_h4]:font-display [&_h4]:text-lg [&_h4]:font-bold",
          "[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-500 [&_blockquote]:pl-4 [&_blockquote]:italic",
          "[&_a]:font-semibold [&_a]:underline [&_img]:my-3 [&_img]:max-h-80 [&_img]:rounded-2xl [&_hr]:my-4 [&_hr]:border-line [&_p]:my-2",
          "[&_.is-editor-empty:first-child::before]:pointer-events-none [&_.is-editor-empty:first-child::before]:float-left [&_.is-editor-empty:first-child::before]:h-0 [&_.is-editor-empty:first-child::before]:text-ink-muted [&_.is-editor-empty:first-child::before]:content-[attr(data-placeholder)]",
          error ? "border-red-600 dark:border-red-400" : "border-line",
        ),
      },
      transformPastedHTML: cleanPastedHtml,
      handlePaste: (view, event) => {
        const data = event.clipboardData;
        const pasting = (view.dom as TiptapEditorHTMLElement).editor;
        if (!data || data.types.includes("text/html") || data.files.length || !pasting?.markdown) return false;
        const text = data.getData("text/plain");
        if (!looksLikeMarkdown(text)) return false;
        pasting.chain().focus().insertContent(cleanPastedDoc(pasting.markdown.parse(text)).content ?? []).run();
        return true;
      },
    },
    onUpdate: ({ editor }) => onChange(editor.getJSON() as RichTextDoc),
  });

  return (
    <div>
      <span id={`${id}-label`} className="block text-sm font-medium">
        {label}
      </span>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-muted">
          {hint}
        </p>
      )}
      <div className="mt-1">
        {editor ? <Toolbar editor={editor} label={label} /> : <div className="h-12 rounded-t-xl border border-line bg-surface-muted" />}
        {editor ? <EditorContent editor={editor} /> : <div className="min-h-64 rounded-b-xl border border-t-0 border-line bg-surface" aria-hidden="true" />}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
          {error.charAt(0).toUpperCase() + error.slice(1)}
        </p>
      )}
    </div>
  );
}

type Panel = "link" | "photo" | null;

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const [panel, setPanel] = useState<Panel>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      h4: e.isActive("heading", { level: 4 }),
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      strike: e.isActive("strike"),
      link: e.isActive("link"),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      quote: e.isActive("blockquote"),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const toggle = (p: Panel) => setPanel((open) => (open === p ? null : p));
  return (
    <div className="rounded-t-xl border border-line bg-surface-muted">
      <div role="group" aria-label={`${label} formatting`} className="flex flex-wrap gap-1 p-1.5">
        <Tool label="Heading 2" pressed={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()} icon={<Heading2 />} />
        <Tool label="Heading 3" pressed={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()} icon={<Heading3 />} />
        <Tool label="Heading 4" pressed={state.h4} onClick={() => chain().toggleHeading({ level: 4 }).run()} icon={<Heading4 />} />
        <Divider />
        <Tool label="Bold" pressed={state.bold} onClick={() => chain().toggleBold().run()} icon={<Bold />} />
        <Tool label="Italic" pressed={state.italic} onClick={() => chain().toggleItalic().run()} icon={<Italic />} />
        <Tool label="Strikethrough" pressed={state.strike} onClick={() => chain().toggleStrike().run()} icon={<Strikethrough />} />
        <Tool label="Link" pressed={state.link} expanded={panel === "link"} onClick={() => toggle("link")} icon={<Link2 />} />
        <Divider />
        <Tool label="Bulleted list" pressed={state.bullet} onClick={() => chain().toggleBulletList().run()} icon={<List />} />
        <Tool label="Numbered list" pressed={state.ordered} onClick={() => chain().toggleOrderedList().run()} icon={<ListOrdered />} />
        <Tool label="Quote" pressed={state.quote} onClick={() => chain().toggleBlockquote().run()} icon={<Quote />} />
        <Tool label="Divider line" onClick={() => chain().setHorizontalRule().run()} icon={<Minus />} />
        <Tool label="Photo" expanded={panel === "photo"} onClick={() => toggle("photo")} icon={<ImagePlus />} />
        <Divider />
        <Tool label="Undo" disabled={!state.canUndo} onClick={() => chain().undo().run()} icon={<Undo2 />} />
        <Tool label="Redo" disabled={!state.canRedo} onClick={() => chain().redo().run()} icon={<Redo2 />} />
      </div>
      {panel === "link" && <LinkPanel editor={editor} close={() => setPanel(null)} />}
      {panel === "photo" && <PhotoPanel editor={editor} close={() => setPanel(null)} />}
    </div>
  );
}

function Tool({ label, icon, pressed, expanded, disabled, onClick }: { label: string; icon: ReactNode; pressed?: boolean; expanded?: boolean; disabled?: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      aria-expanded={expanded}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()} // keeps the editor's selection
      onClick={onClick}
      className={cn(
        "inline-flex size-9 items-center justify-center rounded-lg focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500 disabled:opacity-40 [&_svg]:size-4",
        pressed || expanded ? "bg-ink text-surface" : "text-ink hover:bg-surface",
      )}
    >
      {icon}
    </button>
  );
}

const Divider = () => <span aria-hidden="true" className="mx-0.5 my-1.5 w-px bg-line" />;

const inputClass = "mt-1 h-10 w-full rounded-xl border border-line bg-surface px-3 text-sm";

function LinkPanel({ editor, close }: { editor: Editor; close: () => void }) {
  const id = useId();
  const [href, setHref] = useState<string>(editor.getAttributes("link").href ?? "");
  const [error, setError] = useState<string | null>(null);
  function apply() {
    const url = href.trim();
    if (!isAllowedHref(url)) return setError("Use an https:// address, mailto:, tel: or a path on this store (/…)");
    editor.chain().focus().extendMarkRange("link").setLink({ href: url }).run();
    close();
  }
  return (
    <div className="flex flex-wrap items-end gap-2 border-t border-line p-3">
      <div className="min-w-56 flex-1">
        <label htmlFor={`${id}-href`} className="block text-sm font-medium">
          Link address
        </label>
        <input
          id={`${id}-href`}
          autoFocus
          value={href}
          onChange={(e) => setHref(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              apply();
            }
            if (e.key === "Escape") {
              e.preventDefault();
              close();
              editor.commands.focus();
            }
          }}
          placeholder="https://… or /category/sale"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputClass}
        />
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
      <button type="button" onClick={apply} className={smallButtonClass}>
        Apply link
      </button>
      {editor.isActive("link") && (
        <button
          type="button"
          onClick={() => {
            editor.chain().focus().extendMarkRange("link").unsetLink().run();
            close();
          }}
          className={smallButtonClass}
        >
          Remove link
        </button>
      )}
    </div>
  );
}

function PhotoPanel({ editor, close }: { editor: Editor; close: () => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function insert() {
    if (!file) return setError("Choose a photo");
    if (!alt.trim()) return setError("Describe the photo for people who can't see it (alt text)");
    setBusy(true);
    try {
      const photo = await uploadPhoto("/api/admin/content/photos", file);
      const width = photo.widths.at(-1)!;
      const node: JSONContent = { type: "image", attrs: { src: photo.src, alt: alt.trim(), width, height: Math.round((photo.height * width) / photo.width) } };
      // After the selection, never over it: a selected word stays.
      editor.chain().focus().insertContentAt(editor.state.selection.to, node).run();
      close();
    } catch (err) {
      setError(err instanceof ApiError ? err.detail : "Couldn't upload the photo. Please try again.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="grid gap-3 border-t border-line p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <div>
        <label htmlFor={`${id}-file`} className="block text-sm font-medium">
          Photo
        </label>
        <input id={`${id}-file`} type="file" accept="image/jpeg,image/png,image/webp,image/avif" onChange={(e) => setFile(e.target.files?.[0] ?? null)} className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border file:border-line file:bg-surface file:px-3 file:py-2 file:text-sm file:font-semibold" />
      </div>
      <div>
        <label htmlFor={`${id}-alt`} className="block text-sm font-medium">
          Alt text
        </label>
        <input id={`${id}-alt`} value={alt} onChange={(e) => setAlt(e.target.value)} maxLength={300} className={inputClass} />
      </div>
      <button type="button" onClick={() => void insert()} disabled={busy} className={smallButtonClass}>
        {busy ? "Uploading…" : "Insert photo"}
      </button>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-3 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
