/**
 * A report's top rows as horizontal bars, longest first: each row's name and figure as text, the bar as plain SVG
 * (the sales chart's approach) sized to the largest. The same numbers are in the table under it.
 */
export function TopBarsChart({ bars, label, format }: { bars: { name: string; value: number }[]; label: string; format: (value: number) => string }) {
  const max = Math.max(1, ...bars.map((b) => Math.abs(b.value)));
  return (
    <figure aria-label={label}>
      <ol className="grid gap-2">
        {bars.map((b) => (
          <li key={b.name} className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 text-sm sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_6rem] sm:items-center">
            <span className="truncate" title={b.name}>
              {b.name}
            </span>
            <svg viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" className="order-last col-span-2 h-3 w-full sm:order-none sm:col-span-1">
              <rect x={0} y={0} width={Math.max((Math.abs(b.value) / max) * 100, b.value !== 0 ? 0.5 : 0)} height={10} rx={1.5} className={b.value < 0 ? "fill-ink-muted/40" : "fill-brand-500"} />
            </svg>
            <span className="text-right tabular-nums">{format(b.value)}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
}
