import { Minus, Plus } from "lucide-react";
import { MAX_QUANTITY, MIN_QUANTITY } from "~/lib/quantity";

/** − value + ; minus is disabled at 1 and plus at the ceiling (99, or what is left). */
export function QuantityStepper({
  value,
  onChange,
  max = MAX_QUANTITY,
  label,
  disabled = false,
  size = "md",
}: {
  value: number;
  onChange: (value: number) => void;
  max?: number;
  label: string;
  disabled?: boolean;
  size?: "sm" | "md";
}) {
  const ceiling = Math.min(max, MAX_QUANTITY);
  const box = size === "sm" ? "size-8" : "size-10";
  return (
    <div role="group" aria-label={`Quantity of ${label}`} className="inline-flex items-center rounded-full border border-line">
      <button
        type="button"
        aria-label={`Decrease quantity of ${label}`}
        disabled={disabled || value <= MIN_QUANTITY}
        onClick={() => onChange(value - 1)}
        className={`${box} inline-flex items-center justify-center rounded-full hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-35`}
      >
        <Minus aria-hidden="true" className="size-4" />
      </button>
      <output aria-live="polite" className="min-w-8 text-center text-sm font-semibold tabular-nums">
        {value}
      </output>
      <button
        type="button"
        aria-label={`Increase quantity of ${label}`}
        disabled={disabled || value >= ceiling}
        onClick={() => onChange(value + 1)}
        className={`${box} inline-flex items-center justify-center rounded-full hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-35`}
      >
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
