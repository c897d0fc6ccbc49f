/** The rows of a raw `db.execute` result: node-postgres and PGlite both put them in `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/** PostgreSQL's error code ("23505": a unique key is taken), from node-postgres or PGlite, or wrapped by Drizzle. */
export function pgErrorCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code ?? e?.cause?.code;
}
