import { formatPrice } from "~/lib/money";

export interface ChartPoint {
  label: string;
  cents: number;
  compareCents?: number;
}

/**
 * Net sales per period as bars, with the compared period as a paler bar beside each (the dashboard chart's approach:
 * plain SVG, a title per bar). A week of refunds can be below zero, so the baseline sits where zero is. The same
 * numbers are in the table under it; the SVG is one image to a screen reader.
 */
export function SalesOverTimeChart({ points, label }: { points: ChartPoint[]; label: string }) {
  const width = 600;
  const height = 160;
  const values = points.flatMap((p) => [p.cents, p.compareCents ?? 0]);
  const max = Math.max(1, ...values);
  const min = Math.min(0, ...values);
  const y = (v: number) => ((max - v) / (max - min)) * height;
  const slot = width / Math.max(points.length, 1);
  const paired = points.some((p) => p.compareCents !== undefined);
  const bar = Math.max(1, (paired ? slot / 2 : slot) - (points.length > 60 ? 1 : 3));
  const rect = (key: string, x: number, v: number, className: string, title: string) => (
    <rect key={key} x={x} y={Math.min(y(v), y(0))} width={bar} height={Math.max(Math.abs(y(v) - y(0)), v !== 0 ? 2 : 0)} rx={2} className={className}>
      <title>{title}</title>
    </rect>
  );
  return (
    <figure>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} className="h-48 w-full" preserveAspectRatio="none">
        {points.map((p, i) => (
          <g key={p.label}>
            {paired && p.compareCents !== undefined && rect("c", i * slot + 1, p.compareCents, "fill-ink-muted/40", `${p.label}, compared period: ${formatPrice(p.compareCents / 100)}`)}
            {rect("v", i * slot + (paired ? slot / 2 : 1), p.cents, "fill-brand-500", `${p.label}: ${formatPrice(p.cents / 100)}`)}
          </g>
        ))}
        <line x1={0} x2={width} y1={y(0)} y2={y(0)} className="stroke-line" />
      </svg>
      <div className="mt-2 flex justify-between text-xs text-ink-muted" aria-hidden="true">
        <span>{points[0]?.label}</span>
        <span>{points.at(-1)?.label}</span>
      </div>
    </figure>
  );
}
