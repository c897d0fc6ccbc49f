import type { Metric } from "web-vitals";
import { pushEvent } from "./analytics";

let started = false;

/**
 * SPEC §1 performance metrics (with INP instead of the retired FID, DESIGN §7.8): LCP, INP, CLS × 1000, TTFB, the
 * page load time, and uncaught errors. Started once per page load. The web-vitals library loads once the page is idle
 * after its load event: it reads LCP, CLS and TTFB from the browser's buffered performance entries, so starting late
 * loses none of them (INP's buffer keeps only slow interactions from before then), and it stays off the start-up path.
 */
export function reportWebVitals(): void {
  if (started || typeof window === "undefined") return;
  started = true;
  const send = (metric: Metric) =>
    pushEvent({ event: "web_vitals", metric_name: metric.name, metric_id: metric.id, value: Math.round(metric.name === "CLS" ? metric.value * 1000 : metric.value), rating: metric.rating });
  const startVitals = () =>
    void import("web-vitals").then(({ onCLS, onINP, onLCP, onTTFB }) => {
      onLCP(send);
      onINP(send);
      onCLS(send);
      onTTFB(send);
    });
  const whenIdle = () => ("requestIdleCallback" in window ? requestIdleCallback(startVitals, { timeout: 3000 }) : setTimeout(startVitals, 1000));
  const reportLoad = () => {
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    if (navigation) pushEvent({ event: "page_load_time", value: Math.round(navigation.loadEventEnd || performance.now()) });
  };
  const afterLoad = () => {
    setTimeout(reportLoad, 0);
    whenIdle();
  };
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad, { once: true });
  window.addEventListener("error", (e) => pushEvent({ event: "js_error", message: e.message, source: e.filename, line: e.lineno }));
  window.addEventListener("unhandledrejection", (e) => pushEvent({ event: "js_error", message: String(e.reason?.message ?? e.reason) }));
}
