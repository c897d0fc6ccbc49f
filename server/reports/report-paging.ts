/** A page of a report's rows (all of them without a limit) and how many there are in all, for "Show all" and next pages. */
export function pageOf<R>(rows: R[], { limit, offset }: { limit?: number; offset: number }): { rows: R[]; rowCount: number; offset: number; limit: number | null } {
  return { rows: rows.slice(offset, limit === undefined ? undefined : offset + limit), rowCount: rows.length, offset, limit: limit ?? null };
}
