import { type Metric, onCLS, onINP, onLCP, onTTFB } from "web-vitals";
import { pushEvent } from "./analytics";

/**
 * LCP, INP (instead of the retired FID), CLS × 1000 and TTFB, loaded once the page is idle after its load event
 * (lib/page-metrics.ts). The library reads LCP, CLS and TTFB from the browser's buffered performance
 * entries, so starting late loses none of them (INP's buffer keeps only slow interactions from before then).
 */
export function reportWebVitals(): void {
  const send = (metric: Metric) =>
    pushEvent({ event: "web_vitals", metric_name: metric.name, metric_id: metric.id, value: Math.round(metric.name === "CLS" ? metric.value * 1000 : metric.value), rating: metric.rating });
  onLCP(send);
  onINP(send);
  onCLS(send);
  onTTFB(send);
}
