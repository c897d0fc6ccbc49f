import { type FormEvent, useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { type Errors, FormError, noErrors, SelectInput, TextAreaInput, TextInput, useFocusFirstError } from "~/components/admin/staff-form-kit";
import { RichTextEditor } from "~/components/content/rich-text-editor";
import { buttonClass } from "~/components/layout/status-screen";
import { ApiError, apiRequest } from "~/lib/api";
import { fieldErrors } from "~/lib/field-errors";
import { toast } from "~/lib/toast";
import { fromUtcInput, toUtcInput } from "~/lib/utc-time";
import { entryPath } from "../../../shared/content-paths";
import type { RichTextDoc } from "../../../shared/rich-text";
import { CoverField, type Cover } from "./content-cover";

export type ContentKind = "post" | "page" | "policy";
export const KIND_NAMES: Record<ContentKind, string> = { post: "Post", page: "Page", policy: "Policy" };

/** What the form edits: an entry as the staff API answers it (a new one starts empty). */
export interface EditableEntry {
  id: number | null;
  kind: ContentKind;
  slug: string;
  title: string;
  excerpt: string;
  body: RichTextDoc | null;
  cover: Cover | null;
  author: string | null;
  category: string | null;
  tags: string[];
  featured: boolean;
  readTime: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  status: "draft" | "scheduled" | "published" | "archived";
  publishAt: string | null;
}

const STATUSES = [
  ["draft", "Draft: only staff can see it"],
  ["scheduled", "Scheduled: goes live at its time"],
  ["published", "Published: live now"],
  ["archived", "Archived: taken down"],
] as const;

export const slugify = (title: string) =>
  title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);

/** The first error under a path ("tags.3": "too long" for "tags."). */
const fieldError = (fields: Record<string, string>, prefix: string) => Object.entries(fields).find(([path]) => path.startsWith(prefix))?.[1];

/** The fields the form shows errors under; an error for any other path becomes the form's own, so none goes unseen. */
const SHOWN = ["title", "slug", "excerpt", "body", "status", "publishAt", "author", "category", "tags", "readTime", "seoTitle", "seoDescription", "cover"];
function claimed(errors: Errors): Errors {
  const stray = Object.entries(errors.fields).filter(([path]) => !SHOWN.includes(path.split(".")[0]!));
  if (stray.length === 0) return errors;
  return { fields: errors.fields, form: [errors.form, ...stray.map(([path, message]) => `${path}: ${message}`)].filter(Boolean).join("; ") };
}

/**
 * A post, page or policy (issue 28): its words in the rich-text editor, its address, cover, SEO and status. Saving
 * sends the whole form (a new entry is created, then opened); the server's error for a field shows under it.
 */
export function ContentForm({ entry }: { entry: EditableEntry }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors>(noErrors);
  const [busy, setBusy] = useState(false);
  const [title, setTitle] = useState(entry.title);
  const [slug, setSlug] = useState(entry.slug);
  const [slugTouched, setSlugTouched] = useState(entry.id !== null);
  const [body, setBody] = useState<RichTextDoc | null>(entry.body);
  const [cover, setCover] = useState<Cover | null>(entry.cover);
  const [status, setStatus] = useState(entry.status);
  useFocusFirstError(form, errors);
  const isPost = entry.kind === "post";
  const f = errors.fields;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    const publishAt = fromUtcInput(text("publishAt"));
    const fields = {
      slug,
      title,
      excerpt: text("excerpt"),
      body: body ?? { type: "doc", content: [] },
      cover,
      seoTitle: text("seoTitle"),
      seoDescription: text("seoDescription"),
      status,
      publishAt: status === "scheduled" ? publishAt : undefined,
      ...(isPost
        ? {
            author: text("author"),
            category: text("category"),
            tags: text("tags")
              .split(",")
              .map((t) => t.trim())
              .filter(Boolean),
            featured: data.get("featured") === "on",
            readTime: text("readTime"),
          }
        : {}),
    };
    if (status === "scheduled" && !publishAt) return setErrors({ fields: { publishAt: "choose when it goes live" }, form: null });
    setBusy(true);
    try {
      if (entry.id === null) {
        const created = await apiRequest<{ id: number }>("POST", "/api/admin/content", { kind: entry.kind, ...fields });
        toast.success(`${KIND_NAMES[entry.kind]} created`);
        navigate(`/admin/content/${created.id}`);
      } else {
        await apiRequest("PATCH", `/api/admin/content/${entry.id}`, fields);
        toast.success(`${KIND_NAMES[entry.kind]} saved`);
        await revalidator.revalidate();
      }
      setErrors(noErrors);
    } catch (error) {
      setErrors(claimed(fieldErrors(error instanceof ApiError ? error.detail : "Couldn't save. Please try again.")));
    } finally {
      setBusy(false);
    }
  }

  const path = entryPath({ kind: entry.kind, slug: slug || "…" });
  return (
    <form ref={form} onSubmit={save} noValidate aria-describedby={errors.form ? "content-form-error" : undefined} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="grid min-w-0 content-start gap-5">
        <TextInput
          id="content-title"
          label="Title"
          required
          maxLength={200}
          value={title}
          error={f.title}
          onChange={(e) => {
            setTitle(e.target.value);
            if (!slugTouched) setSlug(slugify(e.target.value));
          }}
        />
        <TextInput
          id="content-slug"
          label="Address"
          required
          maxLength={80}
          value={slug}
          error={f.slug}
          hint={<>Shoppers find it at <span className="font-mono">{path}</span>{entry.id !== null && " (a changed address leaves a redirect from the old one)"}</>}
          onChange={(e) => {
            setSlugTouched(true);
            setSlug(e.target.value);
          }}
        />
        <TextAreaInput
          id="content-excerpt"
          name="excerpt"
          label={
            <>
              Summary <span className="font-normal text-ink-muted">(optional)</span>
            </>
          }
          defaultValue={entry.excerpt}
          maxLength={500}
          rows={3}
          error={f.excerpt}
          hint={isPost ? "Shown on the blog's cards and in the feed." : "Shown under the title."}
        />
        <RichTextEditor id="content-body" label="Body" value={entry.body} onChange={setBody} error={f.body} />
      </div>

      <div className="grid content-start gap-5">
        <fieldset className="grid gap-4 rounded-2xl border border-line p-4">
          <legend className="px-1 font-display text-lg font-bold">Publishing</legend>
          <SelectInput id="content-status" label="Status" value={status} onChange={(e) => setStatus(e.target.value as EditableEntry["status"])} options={STATUSES} error={f.status} />
          {status === "scheduled" && <TextInput id="content-publishAt" name="publishAt" type="datetime-local" label="Goes live at (UTC)" required defaultValue={toUtcInput(entry.publishAt)} error={f.publishAt} hint="The store's times are in UTC." />}
          <button type="submit" disabled={busy} className={buttonClass}>
            {busy ? "Saving…" : entry.id === null ? `Create ${KIND_NAMES[entry.kind].toLowerCase()}` : "Save"}
          </button>
          <FormError id="content-form-error" message={errors.form} />
        </fieldset>
        <CoverField cover={cover} onChange={setCover} error={f.cover ?? fieldError(f, "cover.")} />
        {isPost && (
          <fieldset className="grid gap-4 rounded-2xl border border-line p-4">
            <legend className="px-1 font-display text-lg font-bold">Post details</legend>
            <TextInput id="content-author" name="author" label="Author" defaultValue={entry.author ?? ""} maxLength={100} error={f.author} />
            <TextInput id="content-category" name="category" label="Category" defaultValue={entry.category ?? ""} maxLength={60} error={f.category} hint="The blog's filters list every category in use." />
            <TextInput id="content-tags" name="tags" label="Tags" defaultValue={entry.tags.join(", ")} error={f.tags ?? fieldError(f, "tags.")} hint="Separated by commas, 40 characters each at most." />
            <TextInput id="content-readTime" name="readTime" label="Reading time" defaultValue={entry.readTime ?? ""} maxLength={40} error={f.readTime} hint='For example "5 min read".' />
            <label className="flex items-center gap-2 text-sm font-medium">
              <input type="checkbox" name="featured" defaultChecked={entry.featured} className="size-4" /> Featured on top of the blog
            </label>
          </fieldset>
        )}
        <fieldset className="grid gap-4 rounded-2xl border border-line p-4">
          <legend className="px-1 font-display text-lg font-bold">Search engines</legend>
          <TextInput id="content-seoTitle" name="seoTitle" label="SEO title" defaultValue={entry.seoTitle ?? ""} maxLength={120} error={f.seoTitle} hint="The title is used when empty." />
          <TextAreaInput
            id="content-seoDescription"
            name="seoDescription"
            label={
              <>
                SEO description <span className="font-normal text-ink-muted">(optional)</span>
              </>
            }
            defaultValue={entry.seoDescription ?? ""}
            maxLength={320}
            rows={3}
            error={f.seoDescription}
          />
        </fieldset>
      </div>
    </form>
  );
}
