import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { dirname, join } from "node:path";
import { defineConfig, type Plugin } from "vite";

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
/** React Query and the provider that brings it (lib/query-client.tsx): only the pages and dialogs that query load them. */
const QUERY = /[\\/]node_modules[\\/]@tanstack[\\/]|[\\/]app[\\/]lib[\\/]query-client\.tsx$/;
const ROUTE_MODULE = /\?__react-router-build-client-route$/;
const ROOT_ROUTE = /[\\/]app[\\/]root\.tsx\?/;
const PRODUCT_ROUTE = /[\\/]app[\\/]routes[\\/]product\.tsx\?/;
const STAFF_ROUTE = /[\\/]app[\\/]routes[\\/]admin-/;
const LUCIDE_BARREL = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const LUCIDE_ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;
const LUCIDE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g;
/** Shopping components and helpers (not admin, checkout or account code). */
const SHARED_MODULE = /[\\/]shared[\\/][^\\/]+\.ts$/;
const STOREFRONT = /[\\/]app[\\/](lib|components[\\/](product|product-detail|stylist|vsop|listing|home|cart))[\\/]/;

/**
 * Fewer, larger scripts for the browser. By default the bundler splits code shared between routes into one chunk per
 * combination of routes that share it: here that made 40+ scripts on the product page, each a request with its own
 * round trip and headers, which on a phone delays the first paint more than the bytes do. Instead:
 * - framework: React, React DOM and React Router, which every page loads;
 * - shell: everything the root route imports statically (header, footer, cart state, icons), also on every page;
 * - query: React Query, for the few pages and dialogs that use it (decision 0023);
 * - shopping code used by three or more shopper pages (money, product cards, ratings...) and the icons two or more
 *   use (a few hundred bytes each: not worth a request each), staff pages not counted, in two chunks so that the
 *   product page (the one with a JavaScript budget, issue 19) loads none it doesn't use: storefront (what it uses, with
 *   the shared/ modules it shares with on-demand chunks) and listing (the rest: product cards, cart totals...);
 * route-specific code and everything loaded on demand (dialogs, toasts, forms, web-vitals) still splits as before.
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
  /** How many of the shopper's pages (not the root, not the staff pages) import the module. */
  const routesUsing = (id: string) => {
    if (!routeCount) {
      routeCount = new Map();
      for (const route of [...staticImports.keys()].filter((r) => ROUTE_MODULE.test(r) && !ROOT_ROUTE.test(r) && !STAFF_ROUTE.test(r))) {
        for (const m of closure(route)) routeCount.set(m, (routeCount.get(m) ?? 0) + 1);
      }
    }
    return routeCount.get(id) ?? 0;
  };
  let product: Set<string> | undefined;
  const productClosure = () => (product ??= new Set([...staticImports.keys()].filter((id) => PRODUCT_ROUTE.test(id)).flatMap((id) => [...closure(id)])));
  const shared = (id: string) => (STOREFRONT.test(id) && !ROUTE_MODULE.test(id) && routesUsing(id) >= 3) || (LUCIDE_ICON.test(id) && routesUsing(id) >= 2);
  /** Imported by a module the product page does not load (a staff page, a chunk loaded on demand). */
  const usedBeyondProduct = (id: string) => [...staticImports].some(([importer, deps]) => deps.includes(id) && !productClosure().has(importer));
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
            { name: "framework", test: FRAMEWORK, priority: 4 },
            { name: "shell", test: (id: string) => !ROUTE_MODULE.test(id) && rootClosure().has(id), priority: 3 },
            // After the shell, so the provider's own imports (api, session) stay in the shell rather than follow it here.
            { name: "query", test: QUERY, priority: 2 },
            {
              name: "storefront",
              test: (id: string) => productClosure().has(id) && (shared(id) || (SHARED_MODULE.test(id) && usedBeyondProduct(id))),
              priority: 1,
            },
            { name: "listing", test: (id: string) => shared(id) && !productClosure().has(id), priority: 0 },
          ],
        },
      };
    },
  };
}

const PRELOAD_HELPER = "\0vite/preload-helper.js";

/**
 * Vite wraps every dynamic import in its preload helper, even with modulePreload off, for the stylesheets a chunk
 * loaded on demand may bring (vitejs/vite#13952, #18551): 1.2 KB, compressed, of code on every page that here
 * never has anything to preload. The store's styles are one sheet the root links, and no chunk imports CSS (the
 * build fails if one does), so the helper just loads the chunk.
 */
function noPreloadHelper(): Plugin {
  return {
    name: "no-preload-helper",
    enforce: "pre",
    load: (id) => (id === PRELOAD_HELPER ? "export const __vitePreload = (load) => load();" : null),
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle)) {
        const css = chunk.type === "chunk" ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
        if (css.length) this.error(`${chunk.fileName} imports ${css.join(", ")}: the preload helper that would load it is left out (vite.config.ts)`);
      }
    },
  };
}

export default defineConfig({
  // No preload helper around dynamic imports: every island and dialog (decision 0040) would carry its chunk's
  // dependency list and the helper into the page's code. A chunk loaded on use fetches its own imports.
  build: { modulePreload: false },
  plugins: [noPreloadHelper(), tailwindcss(), reactRouter(), fewerClientChunks()],
  resolve: { tsconfigPaths: true },
});
