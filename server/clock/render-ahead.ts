import { AsyncLocalStorage } from "node:async_hooks";

/**
 * A render ahead (decision 0051): a page rendered a few seconds before a drop's phase change, as it will be from that
 * instant, so the crowd's first requests after it meet it in memory. Inside one, the service clock reads the instant
 * and the shared reads are neither read nor filled (they would hand the future to the present); everywhere else
 * nothing changes.
 */
const ahead = new AsyncLocalStorage<number>();

/** The instant the render under way is made for (ms), or undefined outside a render ahead. */
export const renderingAheadFor = (): number | undefined => ahead.getStore();

/** Runs `render` (and everything it sets off) as of `at`. */
export const renderAhead = <T>(at: Date, render: () => T): T => ahead.run(at.getTime(), render);

/** The service clock as loaders and services read it: `clock`, except inside a render ahead, where it is its instant. */
export function seenFromRenders(clock: () => Date): () => Date {
  return () => {
    const at = ahead.getStore();
    return at === undefined ? clock() : new Date(at);
  };
}
