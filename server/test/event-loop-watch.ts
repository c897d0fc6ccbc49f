import { monitorEventLoopDelay } from "node:perf_hooks";

/** Milliseconds of this thread's CPU time so far. */
const threadCpuMs = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};

/**
 * Watches the event loop while something runs (issue 53: a 20 MB upload never holds it for more than 20 ms). A timer
 * ticks every millisecond; between two ticks it notes how long the loop waited (monitorEventLoopDelay) and how much
 * CPU time this thread spent. The delay also counts waiting for a core on a busy machine (sharp's own threads, other
 * processes); the CPU time between two ticks is what the code on the loop held it for.
 */
export function watchEventLoop() {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let heldMs = 0;
  let before = threadCpuMs();
  const tick = setInterval(() => {
    const now = threadCpuMs();
    heldMs = Math.max(heldMs, now - before);
    before = now;
  }, 1);
  return {
    stop() {
      clearInterval(tick);
      delay.disable();
      heldMs = Math.max(heldMs, threadCpuMs() - before);
      return { heldMs, maxDelayMs: delay.max / 1e6, p99DelayMs: delay.percentile(99) / 1e6 };
    },
  };
}
