import { swatchFor } from "~/lib/swatches";

const MAX_SWATCHES = 3;

/** At most three colour dots on a card, then "+N". */
export function ColorSwatches({ colors }: { colors: string[] }) {
  const shown = colors.slice(0, MAX_SWATCHES);
  const more = colors.length - shown.length;
  return (
    <p className="flex items-center gap-1.5">
      <span className="sr-only">Colours: {colors.join(", ")}</span>
      {shown.map((color) => (
        <span
          key={color}
          aria-hidden="true"
          title={color}
          className="size-4 rounded-full border border-black/20 dark:border-white/30"
          style={{ background: swatchFor(color) }}
        />
      ))}
      {more > 0 && (
        <span aria-hidden="true" className="text-xs text-ink-muted">
          +{more}
        </span>
      )}
    </p>
  );
}
