/**
 * STORE_CLOCK_OFFSET (operator only, issue 31 item 6): how far ahead of the machine's clock the store's one clock runs,
 * written as whole units added together: "90m", "1h", "24h", "1d2h30m", "45s". Forward only (the database's own
 * defaults still write the real time, so a store driven backwards would see its own rows from the future).
 */
const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 } as const;
const MAX_MS = 366 * UNIT_MS.d;

/** The offset in milliseconds, or an error message for the configuration's report. */
export function parseClockOffset(text: string): { ms: number } | { error: string } {
  const value = text.trim();
  if (value === "" || value === "0") return { ms: 0 };
  if (!/^(\d{1,6}[dhms])+$/.test(value)) return { error: 'write a duration ahead such as "90m", "1h", "24h" or "1d2h" (units d, h, m, s)' };
  let ms = 0;
  for (const [, amount, unit] of value.matchAll(/(\d+)([dhms])/g)) ms += Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS];
  if (ms > MAX_MS) return { error: "at most 366 days ahead" };
  return { ms };
}

/** The store's one "now": the machine's clock plus the operator's offset. */
export function offsetClock(offsetMs: number): () => Date {
  return offsetMs === 0 ? () => new Date() : () => new Date(Date.now() + offsetMs);
}
