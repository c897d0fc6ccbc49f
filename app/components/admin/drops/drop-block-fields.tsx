import { Plus, Trash2 } from "lucide-react";
import type { DropBlockType } from "../../../../shared/drop-page";
import { smallButtonClass, TextAreaInput, TextInput } from "~/components/admin/staff-form-kit";
import { RichTextEditor } from "~/components/content/rich-text-editor";
import type { RichTextDoc } from "../../../../shared/rich-text";

type Settings = Record<string, unknown>;
interface FaqItem {
  question: string;
  answer: string;
}

const str = (v: unknown) => (typeof v === "string" ? v : "");
/** Sets a field, or drops it when empty (optional fields are left out, not sent empty). */
const withField = (settings: Settings, name: string, value: unknown) => {
  const next = { ...settings, [name]: value };
  if (value === "" || value === undefined) delete next[name];
  return next;
};

/** A new block's settings: the hero and grid show the drop's own copy; a FAQ starts with one empty question. */
export function startingDropSettings(type: DropBlockType): Settings {
  if (type === "rich_text") return { doc: { type: "doc", content: [] } };
  if (type === "faq") return { items: [{ question: "", answer: "" }] };
  return {};
}

/** One block's settings form, by its type; `error(field)` is the server's error for `settings.{field}`. */
export function DropBlockFields({ id, type, settings, onChange, error }: { id: string; type: DropBlockType; settings: Settings; onChange: (s: Settings) => void; error: (field: string) => string | undefined }) {
  const text = (name: string, label: string, hint: string) => (
    <TextInput id={`${id}-${name}`} label={`${label} (optional)`} value={str(settings[name])} maxLength={120} onChange={(e) => onChange(withField(settings, name, e.target.value))} hint={hint} error={error(name)} />
  );
  if (type === "drop_hero") {
    return (
      <>
        {text("heading", "Heading", "The drop's name when left empty.")}
        <TextAreaInput id={`${id}-text`} label="Text (optional)" rows={2} maxLength={300} value={str(settings.text)} onChange={(e) => onChange(withField(settings, "text", e.target.value))} error={error("text")} className="sm:col-span-2" />
      </>
    );
  }
  if (type === "drop_products") return text("title", "Heading", "The page's own heading when left empty.");
  if (type === "rich_text") {
    return (
      <div className="sm:col-span-2">
        <RichTextEditor id={`${id}-doc`} label="Text" value={(settings.doc as RichTextDoc | undefined) ?? null} onChange={(doc) => onChange({ ...settings, doc })} error={error("doc")} />
      </div>
    );
  }
  const items = (Array.isArray(settings.items) ? settings.items : []) as FaqItem[];
  const setItems = (next: FaqItem[]) => onChange({ ...settings, items: next });
  return (
    <>
      {text("heading", "Heading", "The page's own heading when left empty.")}
      <fieldset className="space-y-3 sm:col-span-2">
        <legend className="text-sm font-medium">Questions</legend>
        {error("items") && <p className="text-sm font-medium text-red-700 dark:text-red-400">{error("items")}</p>}
        {items.map((item, i) => (
          <div key={i} className="grid gap-3 rounded-xl border border-line p-3 sm:grid-cols-[1fr_auto]">
            <div className="space-y-3">
              <TextInput id={`${id}-q${i}`} label={`Question ${i + 1}`} value={item.question} maxLength={200} onChange={(e) => setItems(items.map((it, j) => (j === i ? { ...it, question: e.target.value } : it)))} error={error(`items.${i}.question`)} />
              <TextAreaInput id={`${id}-a${i}`} label={`Answer ${i + 1}`} rows={2} maxLength={2000} value={item.answer} onChange={(e) => setItems(items.map((it, j) => (j === i ? { ...it, answer: e.target.value } : it)))} error={error(`items.${i}.answer`)} />
            </div>
            <button type="button" onClick={() => setItems(items.filter((_, j) => j !== i))} className={`${smallButtonClass} self-start`}>
              <Trash2 aria-hidden="true" className="size-4" />
              Remove<span className="sr-only"> question {i + 1}</span>
            </button>
          </div>
        ))}
        <button type="button" onClick={() => setItems([...items, { question: "", answer: "" }])} className={smallButtonClass}>
          <Plus aria-hidden="true" className="size-4" /> Add a question
        </button>
      </fieldset>
    </>
  );
}
