import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { dirname, join } from "node:path";
import { defineConfig, type Plugin } from "vite";

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const ROUTE_MODULE = /\?__react-router-build-client-route$/;
const ROOT_ROUTE = /[\\/]app[\\/]root\.tsx\?/;
const LUCIDE_BARREL = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const LUCIDE_ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;
const LUCIDE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g;
/** Shopping components and helpers (not admin, checkout or account code). */
const STOREFRONT = /[\\/]app[\\/](lib|components[\\/](product|product-detail|stylist|vsop|listing|home|cart))[\\/]/;

/**
 * Fewer, larger scripts for the browser. By default the bundler splits code shared between routes into one chunk per
 * combination of routes that share it: here that made 40+ scripts on the product page, each a request with its own
 * round trip and headers, which on a phone delays the first paint more than the bytes do. Instead:
 * - framework: React, React DOM and React Router, which every page loads;
 * - shell: everything the root route imports statically (header, footer, cart state, icons), also on every page;
 * - storefront: shopping components and helpers used by three or more routes (money, product cards, ratings...) and
 *   the icons two or more routes use (a few hundred bytes each: not worth a request each);
 * route-specific code and everything loaded on demand (dialogs, toasts, web-vitals) still splits as before.
 */
function fewerClientChunks(): Plugin {
  const staticImports = new Map<string, readonly string[]>();
  // lucide-react's index re-exports every icon: following it would count all 1,600 icons as imported. Instead, a
  // module importing icons from it is taken to import just the icon files it names.
  const iconFiles = new Map<string, string>(); // export name → icon module id
  const iconsUsed = new Map<string, string[]>(); // module id → icon export names it imports
  const importsOf = (id: string) =>
    (staticImports.get(id) ?? []).flatMap((dep) => (LUCIDE_BARREL.test(dep) ? (iconsUsed.get(id) ?? []).map((name) => iconFiles.get(name) ?? dep) : [dep]));
  const closure = (from: string) => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...importsOf(id));
    }
    return seen;
  };
  let shell: Set<string> | undefined;
  const rootClosure = () => (shell ??= new Set([...staticImports.keys()].filter((id) => ROOT_ROUTE.test(id)).flatMap((id) => [...closure(id)])));
  let routeCount: Map<string, number> | undefined;
  const routesUsing = (id: string) => {
    if (!routeCount) {
      routeCount = new Map();
      for (const route of [...staticImports.keys()].filter((r) => ROUTE_MODULE.test(r) && !ROOT_ROUTE.test(r))) {
        for (const m of closure(route)) routeCount.set(m, (routeCount.get(m) ?? 0) + 1);
      }
    }
    return routeCount.get(id) ?? 0;
  };
  return {
    name: "store:fewer-client-chunks",
    applyToEnvironment: (environment) => environment.name === "client",
    moduleParsed(info) {
      staticImports.set(info.id, info.importedIds);
      const code = info.code ?? "";
      if (LUCIDE_BARREL.test(info.id)) {
        for (const [, names = "", file = ""] of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*'(\.[^']+)'/g)) {
          for (const name of names.split(",")) iconFiles.set(name.trim().replace(/^.*\sas\s+/, ""), join(dirname(info.id), file));
        }
      } else if (code.includes("lucide-react")) {
        const names = [...code.matchAll(LUCIDE_IMPORT)].flatMap(([, list = ""]) => list.split(",").map((n) => n.trim().split(/\s+as\s+/)[0] ?? "").filter(Boolean));
        iconsUsed.set(info.id, names);
      }
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            { name: "framework", test: FRAMEWORK, priority: 3 },
            { name: "shell", test: (id: string) => !ROUTE_MODULE.test(id) && rootClosure().has(id), priority: 2 },
            {
              name: "storefront",
              test: (id: string) => (STOREFRONT.test(id) && !ROUTE_MODULE.test(id) && routesUsing(id) >= 3) || (LUCIDE_ICON.test(id) && routesUsing(id) >= 2),
              priority: 1,
            },
          ],
        },
      };
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), fewerClientChunks()],
  resolve: { tsconfigPaths: true },
});
