import type { HomeSectionType } from "../../../server/db/schema";
import { HEADING_OVERRIDES, MAX_SECTION_PRODUCTS, PRODUCT_GRID_SOURCES } from "../../../server/home/section-choices";
import { SelectInput, TextAreaInput, TextInput } from "~/components/admin/staff-form-kit";
import type { SectionSettings } from "../../../server/home/section-schemas";
import { PhotoField } from "~/components/admin/photo-field";
import { RichTextEditor } from "~/components/content/rich-text-editor";
import type { RichTextDoc } from "../../../shared/rich-text";

type SectionPhoto = SectionSettings["image_text"]["image"];

type Settings = Record<string, unknown>;
export interface SettingsFieldsProps {
  /** Prefix for ids, unique per section. */
  id: string;
  type: HomeSectionType;
  settings: Settings;
  onChange: (settings: Settings) => void;
  /** The server's error for a settings field ("limit", "image.alt"), if any. */
  error: (field: string) => string | undefined;
  collections: { slug: string; name: string }[];
}

const str = (v: unknown) => (typeof v === "string" ? v : "");
/** Sets a field, or drops it when empty (optional fields are left out, not sent empty). */
const withField = (settings: Settings, name: string, value: unknown) => {
  const next = { ...settings, [name]: value };
  if (value === "" || value === undefined) delete next[name];
  return next;
};

function LimitInput({ id, settings, onChange, error }: Pick<SettingsFieldsProps, "id" | "settings" | "onChange" | "error">) {
  return (
    <TextInput
      id={`${id}-limit`}
      label="Products shown"
      type="number"
      inputMode="numeric"
      min={1}
      max={MAX_SECTION_PRODUCTS}
      value={typeof settings.limit === "number" && !Number.isNaN(settings.limit) ? settings.limit : ""}
      onChange={(e) => onChange(withField(settings, "limit", e.target.value === "" ? undefined : Number(e.target.value)))}
      hint={`1 to ${MAX_SECTION_PRODUCTS}`}
      error={error("limit")}
    />
  );
}

/** A rich text section's document, in the content editor: headings, lists, links and photos are kept as stored. */
function DocInput({ id, settings, onChange, error }: Pick<SettingsFieldsProps, "id" | "settings" | "onChange" | "error">) {
  return (
    <div className="sm:col-span-2">
      <RichTextEditor id={`${id}-doc`} label="Text" value={(settings.doc as RichTextDoc | undefined) ?? null} onChange={(doc) => onChange({ ...settings, doc })} error={error("doc")} />
    </div>
  );
}

/** The settings form of one section, by its type. */
export function SectionSettingsFields(props: SettingsFieldsProps) {
  const { id, type, settings, onChange, error, collections } = props;
  const text = (name: string, label: string, extra: { hint?: string; maxLength?: number; optional?: boolean } = {}) => (
    <TextInput
      id={`${id}-${name}`}
      label={extra.optional ? `${label} (optional)` : label}
      value={str(settings[name])}
      maxLength={extra.maxLength ?? 120}
      onChange={(e) => onChange(withField(settings, name, e.target.value))}
      hint={extra.hint}
      error={error(name)}
    />
  );
  const collectionOptions = [["", "Choose a collection"] as const, ...collections.map((c) => [c.slug, c.name] as const)];
  const collectionSelect = (
    <SelectInput id={`${id}-collection`} label="Collection" value={str(settings.collection)} options={collectionOptions} onChange={(e) => onChange(withField(settings, "collection", e.target.value))} error={error("collection")} />
  );

  if (type === "product_grid") {
    return (
      <>
        {text("title", "Heading")}
        <SelectInput
          id={`${id}-source`}
          label="Products"
          value={str(settings.source)}
          options={PRODUCT_GRID_SOURCES}
          onChange={(e) => onChange(withField(e.target.value === "collection" ? settings : withField(settings, "collection", undefined), "source", e.target.value))}
          error={error("source")}
        />
        {settings.source === "collection" && collectionSelect}
        <LimitInput {...props} />
      </>
    );
  }
  if (type === "featured_collection") {
    return (
      <>
        {collectionSelect}
        {text("title", "Heading", { optional: true, hint: "The collection's name when left empty." })}
        <LimitInput {...props} />
      </>
    );
  }
  if (type === "rich_text") return <DocInput {...props} />;
  if (type === "image_text") {
    return (
      <>
        <PhotoField<SectionPhoto>
          id={`${id}-image`}
          legend="Photo"
          photo={(settings.image as SectionPhoto | undefined) ?? null}
          fromUpload={({ key, widths, width, height }, alt) => ({ key, widths, width, height, alt })}
          onChange={(image) => onChange(withField(settings, "image", image ?? undefined))}
          error={error("image")}
          altError={error("image.alt")}
          className="sm:col-span-2"
        />
        {text("heading", "Heading")}
        <SelectInput id={`${id}-side`} label="Photo side" value={str(settings.imageSide) || "left"} options={[["left", "Left"], ["right", "Right"]]} onChange={(e) => onChange({ ...settings, imageSide: e.target.value })} hint="On wide screens; phones show the photo first." />
        <TextAreaInput id={`${id}-text`} label="Text" rows={3} maxLength={600} value={str(settings.text)} onChange={(e) => onChange(withField(settings, "text", e.target.value))} error={error("text")} className="sm:col-span-2" />
        {text("buttonLabel", "Button label", { optional: true, maxLength: 40 })}
        {text("buttonHref", "Button link", { optional: true, maxLength: 500, hint: "A path on this store (/category/sale) or an https:// address." })}
      </>
    );
  }
  const overrides = HEADING_OVERRIDES[type];
  if (overrides) {
    return (
      <>
        {text("heading", "Heading", { optional: true, hint: "The section's own heading when left empty." })}
        {overrides.text && text("text", "Text", { optional: true, maxLength: 300, hint: "The section's own text when left empty." })}
      </>
    );
  }
  return <p className="text-sm text-ink-muted sm:col-span-2">This section has no settings: it shows the store's own copy and products.</p>;
}
