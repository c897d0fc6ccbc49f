/**
 * `fn(args)` with `deps` filled in: how a domain's service factory hands out a function bound to what it holds (the
 * database, the clock, the mailer), so callers pass only their own arguments (and can't replace those).
 */
export function withDeps<P extends object, K extends keyof P, R>(deps: Pick<P, K>, fn: (args: P) => R): (args: Omit<P, K>) => R {
  return (args) => fn({ ...args, ...deps } as P);
}
