/**
 * The home page's one read rule (issue 28): a section or announcement shows from its start (inclusive) until its end
 * (exclusive), either open; `now` is the service clock, so tests and the staff's "preview as of" can move it.
 */
export const inWindow = (row: { startsAt: Date | null; endsAt: Date | null }, now: Date) =>
  (row.startsAt === null || row.startsAt <= now) && (row.endsAt === null || now < row.endsAt);
