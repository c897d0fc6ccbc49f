/**
 * `fn(args)` with `deps` filled in: how a domain's service factory hands out a function bound to what it holds (the
 * database, the clock, the mailer), so callers pass only their own arguments (and can't replace those).
 */
export function withDeps<D extends object, P extends D, R>(deps: D, fn: (args: P) => R): (args: Omit<P, keyof D>) => R {
  return (args) => fn({ ...args, ...deps } as P);
}
