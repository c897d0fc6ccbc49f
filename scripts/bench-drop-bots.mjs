// npm run bench:drop's bots, in a worker thread of their own: a script that skips the challenge is not in the
// visitors' browsers, and its answers must not hold up the event loop that times the visitors' pages. The thread runs
// runBots (bench-drop-crowd.mjs) and is told each proof a shopper spends, for the bots to replay.
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { runBots } from "./bench-drop-crowd.mjs";
import { serverErrors } from "./bench-drop-visitor.mjs";

if (!isMainThread) {
  const spent = [];
  parentPort.on("message", (proof) => spent.push(proof));
  const { answers, paid } = await runBots(workerData.url, { ...workerData, spent });
  parentPort.postMessage({ answers: [...answers], paid, errors: [...serverErrors] });
  parentPort.close();
}

/**
 * Starts the bots (runBots' options, but `spent`) in their thread: `spend` tells them of a proof a shopper spent, and
 * `result` resolves to what runBots answers once they stop (their answers of 500 or more added to serverErrors).
 */
export function startBots(url, options) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { url, ...options } });
  const result = new Promise((resolve, reject) => {
    worker.once("message", ({ answers, paid, errors }) => {
      // Their answers of 500 or more join the main thread's count.
      for (const [key, n] of errors) serverErrors.set(key, (serverErrors.get(key) ?? 0) + n);
      resolve({ answers: new Map(answers), paid });
    });
    worker.once("error", reject);
  });
  return { spend: (proof) => worker.postMessage(proof), result: result.finally(() => worker.terminate()) };
}
