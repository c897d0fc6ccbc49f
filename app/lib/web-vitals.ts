import { onCLS, onINP, onLCP, onTTFB, type Metric } from "web-vitals";
import { pushEvent } from "./analytics";

let started = false;

/**
 * SPEC §1 performance metrics (with INP instead of the retired FID, DESIGN §7.8): LCP, INP, CLS × 1000, TTFB, the
 * page load time, and uncaught errors. Started once per page load.
 */
export function reportWebVitals(): void {
  if (started || typeof window === "undefined") return;
  started = true;
  const send = (metric: Metric) =>
    pushEvent({ event: "web_vitals", metric_name: metric.name, metric_id: metric.id, value: Math.round(metric.name === "CLS" ? metric.value * 1000 : metric.value), rating: metric.rating });
  onLCP(send);
  onINP(send);
  onCLS(send);
  onTTFB(send);
  const reportLoad = () => {
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    if (navigation) pushEvent({ event: "page_load_time", value: Math.round(navigation.loadEventEnd || performance.now()) });
  };
  if (document.readyState === "complete") setTimeout(reportLoad, 0);
  else window.addEventListener("load", () => setTimeout(reportLoad, 0), { once: true });
  window.addEventListener("error", (e) => pushEvent({ event: "js_error", message: e.message, source: e.filename, line: e.lineno }));
  window.addEventListener("unhandledrejection", (e) => pushEvent({ event: "js_error", message: String(e.reason?.message ?? e.reason) }));
}
