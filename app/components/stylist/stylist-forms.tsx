import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import type { Measurements, OutfitAnswer, SizeAnswer, StyleAnswer, StylePreferences } from "../../../server/stylist/stylist-schemas";
import { BODY_TYPES, COLOR_CHOICES, FITS, OCCASIONS, OUTFIT_ITEMS, STYLES } from "../../../server/stylist/stylist-choices";
import { TextField } from "~/components/checkout/text-field";
import { buttonClass } from "~/components/layout/status-screen";
import { apiRequest } from "~/lib/api";
import { formatPrice } from "~/lib/money";
import { MultiChoice, SingleChoice } from "./choice-chips";

const percent = (confidence: number) => `${Math.round(confidence * 100)}%`;

function Failure({ text }: { text: string }) {
  return (
    <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
      {text}. Please try again.
    </p>
  );
}

export function StyleForm({ onNavigate }: { onNavigate: () => void }) {
  const [prefs, setPrefs] = useState<StylePreferences>({ colorPreferences: [] });
  const ask = useMutation({ mutationFn: (p: StylePreferences) => apiRequest<StyleAnswer>("POST", "/api/ai/style-recommendation", { userPreferences: p }) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    ask.mutate({ ...prefs, budget: prefs.budget?.trim() || undefined });
  };
  return (
    <form onSubmit={submit} className="space-y-5">
      <SingleChoice label="Style" options={STYLES} value={prefs.style} onChange={(style) => setPrefs((p) => ({ ...p, style }))} />
      <SingleChoice label="Occasion" options={OCCASIONS} value={prefs.occasion} onChange={(occasion) => setPrefs((p) => ({ ...p, occasion }))} />
      <SingleChoice label="Body type" options={BODY_TYPES} value={prefs.bodyType} onChange={(bodyType) => setPrefs((p) => ({ ...p, bodyType }))} />
      <MultiChoice label="Colours" options={COLOR_CHOICES} values={prefs.colorPreferences} onChange={(colorPreferences) => setPrefs((p) => ({ ...p, colorPreferences }))} />
      <TextField label="Budget" placeholder="e.g. under 100, 50-150" value={prefs.budget ?? ""} onChange={(e) => setPrefs((p) => ({ ...p, budget: e.target.value }))} />
      <button type="submit" disabled={ask.isPending} className={`${buttonClass} w-full disabled:opacity-60`}>
        {ask.isPending ? "Styling..." : "Get my recommendation"}
      </button>
      {ask.isError && <Failure text="Failed to get style recommendation" />}
      {ask.data && (
        <section aria-live="polite" className="space-y-3 rounded-2xl bg-surface-muted p-4">
          <p className="font-semibold">{ask.data.recommendation}</p>
          <p className="text-sm text-ink-muted">{ask.data.reasoning}</p>
          <p className="text-sm">Confidence: {percent(ask.data.confidence)}</p>
          <ul className="grid gap-2 sm:grid-cols-2">
            {ask.data.suggestedItems.map((item) => (
              <li key={item.id}>
                <Link to={item.url} onClick={onNavigate} className="flex items-center gap-3 rounded-xl bg-surface p-2 hover:ring-2 hover:ring-ink">
                  <img src={item.image} alt="" width={40} height={50} className="h-12 w-10 rounded-lg object-cover" />
                  <span className="text-sm">
                    <span className="block font-medium">{item.name}</span>
                    <span className="text-ink-muted">
                      {item.color} · {formatPrice(item.price)}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </form>
  );
}

/** The product a size is asked for, from its page. */
export interface SizedProduct {
  id: number;
  name: string;
}

export function SizeForm({ onNavigate, product }: { onNavigate: () => void; product?: SizedProduct }) {
  const [m, setM] = useState<Measurements>({ preferredFit: "regular" });
  const ask = useMutation({ mutationFn: (measurements: Measurements) => apiRequest<SizeAnswer>("POST", "/api/ai/size-guidance", { measurements, ...(product ? { productId: product.id } : {}) }) });
  const set = (key: "height" | "weight" | "chest" | "waist") => (e: { target: { value: string } }) => setM((v) => ({ ...v, [key]: e.target.value }));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        ask.mutate(m);
      }}
      className="space-y-5"
    >
      {product && <p className="text-sm text-ink-muted">Sizing for the {product.name}, with what its buyers say about the fit.</p>}
      <div className="grid grid-cols-2 gap-3">
        <TextField label="Height" placeholder={`5'10" or 178 cm`} value={m.height ?? ""} onChange={set("height")} />
        <TextField label="Weight" placeholder="160 lbs or 72 kg" value={m.weight ?? ""} onChange={set("weight")} />
        <TextField label="Chest" placeholder="38 in or 96 cm" value={m.chest ?? ""} onChange={set("chest")} />
        <TextField label="Waist" placeholder="32 in or 81 cm" value={m.waist ?? ""} onChange={set("waist")} />
      </div>
      <SingleChoice label="Preferred fit" options={FITS} value={m.preferredFit} onChange={(fit) => setM((v) => ({ ...v, preferredFit: fit ?? "regular" }))} />
      <button type="submit" disabled={ask.isPending} className={`${buttonClass} w-full disabled:opacity-60`}>
        {ask.isPending ? "Measuring..." : "Find my size"}
      </button>
      {ask.isError && <Failure text="Failed to get size guidance" />}
      {ask.data && (
        <section aria-live="polite" className="space-y-2 rounded-2xl bg-surface-muted p-4">
          <p className="text-sm text-ink-muted">Recommended size</p>
          <p className="font-display text-4xl font-black">{ask.data.recommendedSize}</p>
          <p className="font-medium">{ask.data.fitDescription}</p>
          <p className="text-sm">Confidence: {percent(ask.data.confidence)}</p>
          <ul className="list-disc space-y-1 pl-5 text-sm text-ink-muted">
            {ask.data.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
          <Link to={product ? `/size-guide?product=${product.id}` : "/size-guide"} onClick={onNavigate} className="text-sm font-semibold underline">
            Open the size guide
          </Link>
        </section>
      )}
    </form>
  );
}

export function OutfitForm() {
  const [items, setItems] = useState<(typeof OUTFIT_ITEMS)[number][]>([]);
  const ask = useMutation({ mutationFn: (selectedItems: string[]) => apiRequest<OutfitAnswer>("POST", "/api/ai/outfit-ideas", { selectedItems }) });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (items.length > 0) ask.mutate(items);
      }}
      className="space-y-5"
    >
      <MultiChoice label="Pieces to style" options={OUTFIT_ITEMS} values={items} onChange={setItems} />
      <button type="submit" disabled={ask.isPending || items.length === 0} className={`${buttonClass} w-full disabled:opacity-50`}>
        {ask.isPending ? "Putting outfits together..." : items.length === 0 ? "Choose at least one piece" : "Get outfit ideas"}
      </button>
      {ask.isError && <Failure text="Failed to get outfit ideas" />}
      {ask.data && (
        <ol aria-live="polite" className="list-decimal space-y-2 rounded-2xl bg-surface-muted p-4 pl-8 text-sm">
          {ask.data.outfitIdeas.map((idea) => (
            <li key={idea}>{idea}</li>
          ))}
        </ol>
      )}
    </form>
  );
}
