import { SpriteIcon } from "~/components/ui/sprite-icon";
import { useId, useState } from "react";
import { acceptTypedQuantity, clampQuantity, MAX_QUANTITY, MIN_QUANTITY } from "~/lib/quantity";

/** SPEC §5: minus disabled at 1, plus capped at 99, out-of-range typing ignored, clamped on blur. */
export function QuantityInput({ value, onChange, max = MAX_QUANTITY, id: givenId }: { value: number; onChange: (value: number) => void; max?: number; id?: string }) {
  const generated = useId();
  const id = givenId ?? generated;
  const [text, setText] = useState<string | null>(null);
  const ceiling = Math.max(MIN_QUANTITY, Math.min(max, MAX_QUANTITY));
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        Quantity
      </label>
      <div className="mt-3 inline-flex items-center rounded-full border border-line">
        <button
          type="button"
          aria-label="Decrease quantity"
          disabled={value <= MIN_QUANTITY}
          onClick={() => onChange(clampQuantity(value - 1, ceiling))}
          className="inline-flex size-11 items-center justify-center rounded-full hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-35"
        >
          <SpriteIcon name="minus" className="size-4" />
        </button>
        <input
          id={id}
          inputMode="numeric"
          autoComplete="off"
          value={text ?? String(value)}
          onChange={(event) => {
            const accepted = acceptTypedQuantity(event.target.value);
            if (accepted === null) return;
            setText(String(accepted));
            if (accepted !== "") onChange(accepted);
          }}
          onBlur={() => {
            onChange(clampQuantity(text === "" || text === null ? value : Number(text), ceiling));
            setText(null);
          }}
          className="h-11 w-12 bg-transparent text-center text-base font-semibold tabular-nums focus:outline-none"
        />
        <button
          type="button"
          aria-label="Increase quantity"
          disabled={value >= ceiling}
          onClick={() => onChange(clampQuantity(value + 1, ceiling))}
          className="inline-flex size-11 items-center justify-center rounded-full hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-35"
        >
          <SpriteIcon name="plus" className="size-4" />
        </button>
      </div>
    </div>
  );
}
