import { pushEvent } from "./analytics";

let started = false;

/**
 * SPEC §1 performance metrics (DESIGN §7.8): uncaught errors from the start, the page load time after the load
 * event, and the web vitals (lib/web-vitals.ts, with the library) once the page is idle after it, so their code is
 * not in the page's first load (issue 30, item 5). Started once per page load.
 */
export function startPageMetrics(): void {
  if (started || typeof window === "undefined") return;
  started = true;
  window.addEventListener("error", (e) => pushEvent({ event: "js_error", message: e.message, source: e.filename, line: e.lineno }));
  window.addEventListener("unhandledrejection", (e) => pushEvent({ event: "js_error", message: String(e.reason?.message ?? e.reason) }));
  const vitals = () => void import("./web-vitals").then((m) => m.reportWebVitals());
  const afterLoad = () => {
    setTimeout(() => {
      const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      if (navigation) pushEvent({ event: "page_load_time", value: Math.round(navigation.loadEventEnd || performance.now()) });
    }, 0);
    if ("requestIdleCallback" in window) requestIdleCallback(vitals, { timeout: 3000 });
    else setTimeout(vitals, 1000);
  };
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad, { once: true });
}
