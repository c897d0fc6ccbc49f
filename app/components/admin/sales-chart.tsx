import { formatPrice } from "~/lib/money";

/** Revenue per day as bars (an accessible table of the same numbers sits under it for screen readers). */
export function SalesChart({ days }: { days: { day: string; revenue: number; orders: number }[] }) {
  const max = Math.max(1, ...days.map((d) => d.revenue));
  const width = 600;
  const height = 120;
  const bar = width / days.length;
  return (
    <figure>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label="Revenue per day, last 30 days" className="h-40 w-full" preserveAspectRatio="none">
        {days.map((d, i) => {
          const h = Math.round((d.revenue / max) * height);
          return (
            <g key={d.day}>
              <rect x={i * bar + 2} y={height - h} width={bar - 4} height={Math.max(h, d.revenue > 0 ? 2 : 0)} rx={3} className="fill-brand-500" />
              <title>{`${d.day}: ${formatPrice(d.revenue)}, ${d.orders} orders`}</title>
            </g>
          );
        })}
        <line x1={0} x2={width} y1={height} y2={height} className="stroke-line" />
      </svg>
      <div className="mt-2 flex justify-between text-xs text-ink-muted" aria-hidden="true">
        <span>{days[0]?.day}</span>
        <span>{days.at(-1)?.day}</span>
      </div>
      <figcaption className="sr-only">
        <table>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th>{d.day}</th>
                <td>{formatPrice(d.revenue)}</td>
                <td>{d.orders} orders</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
