/** The rows of a raw `db.execute` result: node-postgres and PGlite both put them in `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}
