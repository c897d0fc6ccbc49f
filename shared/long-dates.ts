/** Dates written out in UTC, as the storefront, its emails and the server's messages show them ("October 15, 2025"). */
/** Written out rather than with Intl.DateTimeFormat, whose first use loads ICU's calendar data during hydration. */
export const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];


export function shipDateLong(date: Date): string {
  const month = MONTHS[date.getUTCMonth()];
  if (!month) return "";
  const year = date.getUTCFullYear();
  if (year < 1) return new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(date);
  return `${month} ${date.getUTCDate()}, ${year}`;
}

/** "December 1, 2026 at 9:00 AM UTC": when a drop opens, to the minute (UTC, written out like the dates above). */
export function dateTimeLong(date: Date): string {
  const day = shipDateLong(date);
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, "0");
  return `${day} at ${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? "AM" : "PM"} UTC`;
}
