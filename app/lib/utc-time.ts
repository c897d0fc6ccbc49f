/**
 * The staff area shows and takes times in UTC (the VSOP drop, discounts, content, the home page): the same on the
 * server's render and in every browser, whatever its time zone.
 */

/** "2026-12-21T18:00" for a datetime-local input. */
export const toUtcInput = (iso: string | null) => (iso ? iso.slice(0, 16) : "");
/** A datetime-local input's value, read as UTC, as an ISO time (null when empty). */
export const fromUtcInput = (value: string) => (value ? new Date(`${value}:00Z`).toISOString() : null);
/** "Dec 21, 2026, 18:00 UTC" */
export const utcLabel = (iso: string) => `${new Date(iso).toLocaleString("en-US", { timeZone: "UTC", dateStyle: "medium", timeStyle: "short", hourCycle: "h23" })} UTC`;
