import type { Config } from "@react-router/dev/config";

// React Router 8: middleware, the Vite Environment API, raw requests and trailing-slash-aware data URLs are always on;
// route modules are split by default (splitRouteModules).
export default {
  ssr: true,
} satisfies Config;
