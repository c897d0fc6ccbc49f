import type { VariantAvailability } from "../../../server/catalog/product-types";
import { cn } from "~/lib/cn";
import { swatchFor } from "~/lib/swatches";
import { LOW_STOCK } from "../../../shared/product-stock";

export function ColorPicker({ colors, value, onChange }: { colors: string[]; value: string; onChange: (color: string) => void }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold">
        Colour: <span className="font-normal text-ink-muted">{value}</span>
      </legend>
      <div className="mt-3 flex flex-wrap gap-2" role="radiogroup" aria-label="Colour">
        {colors.map((color) => (
          <button
            key={color}
            type="button"
            role="radio"
            aria-checked={color === value}
            onClick={() => onChange(color)}
            className={cn(
              "inline-flex h-10 items-center gap-2 rounded-full border px-3 text-sm transition",
              color === value ? "border-ink ring-2 ring-ink ring-offset-2 ring-offset-surface" : "border-line hover:border-ink",
            )}
          >
            <span aria-hidden="true" className="size-5 rounded-full border border-black/20 dark:border-white/30" style={{ background: swatchFor(color) }} />
            {color}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Sizes for the chosen colour; low ones say how many are left. A sold-out size can still be chosen (struck through):
 * it can't go in the cart, but the shopper can ask to hear when it is back.
 */
export function SizePicker({
  sizes,
  availability,
  value,
  onChange,
  label = "Size",
}: {
  sizes: string[];
  availability: Map<string, number>;
  value: string;
  onChange: (size: string) => void;
  /** What the choice is called ("Amount" for a gift card). */
  label?: string;
}) {
  const left = availability.get(value) ?? 0;
  return (
    <fieldset>
      <legend className="text-sm font-semibold">
        {label}: <span className="font-normal text-ink-muted">{value}</span>
      </legend>
      <div className="mt-3 flex flex-wrap gap-2" role="radiogroup" aria-label={label}>
        {sizes.map((size) => {
          const available = availability.get(size) ?? 0;
          const soldOut = available <= 0;
          return (
            <button
              key={size}
              type="button"
              role="radio"
              aria-checked={size === value}
              aria-label={soldOut ? `${size}, sold out` : available <= LOW_STOCK ? `${size}, only ${available} left` : size}
              onClick={() => onChange(size)}
              className={cn(
                "relative min-w-12 rounded-xl border px-3 py-2.5 text-sm font-medium transition",
                size === value ? "border-ink bg-ink text-surface" : "border-line hover:border-ink",
                soldOut && "line-through decoration-1",
                soldOut && size !== value && "border-dashed text-ink-muted",
              )}
            >
              {size}
              {!soldOut && available <= LOW_STOCK && <span aria-hidden="true" className="absolute -right-1 -top-1 size-2.5 rounded-full bg-amber-500" />}
            </button>
          );
        })}
      </div>
      {left > 0 && left <= LOW_STOCK && (
        <p className="mt-2 text-sm font-medium text-amber-700 dark:text-amber-400" role="status">
          Only {left} left
        </p>
      )}
    </fieldset>
  );
}

export function availabilityFor(variants: VariantAvailability[], color: string): Map<string, number> {
  return new Map(variants.filter((v) => v.color === color).map((v) => [v.size, v.available]));
}
