import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import express, { type Request, type RequestHandler, type Response } from "express";
import { matchRoutes, type RouteObject, type RouterContext, RouterContextProvider, type ServerBuild } from "react-router";
import { routerContexts } from "../../shared/router-context";
import { PREVIEW_HEADERS, PREVIEW_PARAMS } from "../../shared/staff-preview";
import type { User } from "../accounts/user-types";
import type { CartOwner } from "../cart/cart-owner";
import type { Cart } from "../cart/cart-types";
import type { ProductDetail } from "../catalog/product-types";
import type { Services } from "../context";
import { createLru } from "../cache/lru";
import { buildDir } from "../paths";
import { CART_COOKIE, readCookie } from "./cookies";
import { precompressedAssets } from "./precompressed";
import { isPublicRequest } from "./public-request";
import { sessionTokenOf } from "./session";

const { servicesContext, nonceContext, visitorContext, sharedPageContext } = routerContexts<Services, { owner: CartOwner; user: User | null; favoriteIds?: number[] }>({
  owner: { userId: null, cartToken: null },
  user: null,
});

type ContextEntries = Map<Parameters<RouterContextProvider["get"]>[0], unknown>;

/**
 * A public route's context (decision 0034): the one place that keeps the visitor from its loaders. Reading the visitor
 * here throws, so a public loader that tried would fail every render (and the tests that render every public route).
 */
export class SharedPageContext extends RouterContextProvider {
  override get<T>(context: RouterContext<T>): T {
    if ((context as RouterContext<unknown>) === visitorContext) throw new Error("A public page's loader read the visitor: its page is shared by every visitor (decision 0034)");
    return super.get(context);
  }
}

function loadContext(services: Services) {
  return async (req: Request, res: Response) => {
    const common: [Parameters<RouterContextProvider["get"]>[0], unknown][] = [
      [servicesContext, services],
      [nonceContext, res.locals.cspNonce],
    ];
    if (isPublicRequest(req)) return new SharedPageContext(new Map([...common, [sharedPageContext, true]]) as ContextEntries);
    // The stitcher (server/http/viewer.ts) may already be reading this visitor's session.
    const token = sessionTokenOf(req);
    const viewer = res.locals.viewer ? await res.locals.viewer.catch(() => null) : null;
    const user = res.locals.viewer ? (viewer?.user ?? null) : token ? await services.accounts.findSessionUser({ token }) : null;
    const owner = { userId: user?.id ?? null, cartToken: readCookie(req, CART_COOKIE) };
    return new RouterContextProvider(new Map([...common, [visitorContext, { owner, user, favoriteIds: viewer?.favoriteIds }]]) as ContextEntries);
  };
}

/** Names each page request by the React Router pattern it matched (`/product/:id?`), for the request metrics. */
function labelPageRoutes(build: ServerBuild): RequestHandler {
  type BuildRoute = NonNullable<ServerBuild["routes"][string]>;
  const byParent = new Map<string | undefined, BuildRoute[]>();
  for (const route of Object.values(build.routes)) if (route) byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), route]);
  const patterns = new Map<string, string>();
  const tree = (parentId: string | undefined, prefix: string): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) => {
      const pattern = route.path ? `${prefix.replace(/\/$/, "")}/${route.path}` : prefix || "/";
      patterns.set(route.id, pattern);
      const children = tree(route.id, pattern);
      return route.index ? { id: route.id, index: true } : { id: route.id, path: route.path, children };
    });
  const routes = tree(undefined, "");
  // matchRoutes ranks every route on every call (4 % of a rendered page's time): each path's label is kept, bounded.
  const labels = createLru<string, string>({ maxEntries: 2000 });
  const labelOf = (path: string) => {
    const id = matchRoutes(routes, path)?.at(-1)?.route.id;
    const pattern = id ? patterns.get(id) : undefined;
    return pattern && !pattern.includes("*") ? pattern : "page";
  };
  return (req, res, next) => {
    // A long address is labelled afresh rather than kept: the bound is on entries, so keys stay short.
    let label = labels.get(req.path);
    if (label === undefined) {
      label = labelOf(req.path);
      if (req.path.length <= 200) labels.set(req.path, label);
    }
    res.locals.routePattern = label;
    next();
  };
}

/**
 * A staff preview's address, asked for by a signed-in visitor (only staff see a preview), is never stored or indexed,
 * however it is asked for (a page or a client-side `.data` visit). Signed-out visitors get the ordinary page.
 */
const markPreviews: RequestHandler = (req, res, next) => {
  if (PREVIEW_PARAMS.some((name) => name in req.query) && sessionTokenOf(req)) res.set(PREVIEW_HEADERS);
  next();
};

/** The pages' handlers, and what the server renders of the app on its own (decision 0034). */
export interface Pages {
  handlers: RequestHandler[];
  /** The cart page's body for one visitor's cart (app/cart-page.server.tsx). */
  renderCartPage: (cart: Cart) => Promise<string>;
  /** A product page's purchase panel for the product's latest stock (app/purchase.server.tsx). */
  renderPurchase: (product: ProductDetail) => Promise<string>;
}

/** What app/entry.server.tsx exports beside the page handler. */
interface EntryParts {
  renderCartPage(cart: Cart): string;
  renderPurchase(product: ProductDetail): Promise<string>;
}
const partsOf = (build: ServerBuild) => build.entry.module as unknown as EntryParts;

/** The built client assets (hashed names cached for a year) and the server-rendered pages. */
export async function productionPages(services: Services): Promise<Pages> {
  const build = (await import(pathToFileURL(join(buildDir, "server", "index.js")).href)) as ServerBuild;
  const router = express.Router();
  router.use("/assets", (_req, res, next) => {
    res.locals.routePattern = "/assets";
    next();
  });
  router.use("/assets", precompressedAssets(join(buildDir, "client", "assets")));
  router.use("/assets", express.static(join(buildDir, "client", "assets"), { immutable: true, maxAge: "1y", index: false, redirect: false }));
  // Files in build/client (favicon, robots, manifest) all have an extension: a page's path is never looked up on disk.
  const files = express.static(join(buildDir, "client"), { maxAge: "1h", index: false, redirect: false });
  router.use((req, res, next) => (req.path.includes(".") ? files(req, res, next) : next()));
  // Pages have no actions: anything but GET or HEAD is refused here rather than by React Router (which logs it).
  router.use((req, res, next) => (req.method === "GET" || req.method === "HEAD" ? next() : res.status(405).set("Allow", "GET, HEAD").type("text/plain").send("Method not allowed")));
  router.use(labelPageRoutes(build));
  router.use(markPreviews);
  router.use(createRequestHandler({ build, mode: "production", getLoadContext: loadContext(services) }));
  return { handlers: [router], renderCartPage: async (cart) => partsOf(build).renderCartPage(cart), renderPurchase: (product) => partsOf(build).renderPurchase(product) };
}

/** Vite's dev server with hot reload; pages are rebuilt from source on every request. */
export async function developmentPages(services: Services): Promise<Pages> {
  const vite = await import("vite");
  const server = await vite.createServer({ server: { middlewareMode: true } });
  const build = () => server.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  return {
    handlers: [server.middlewares, markPreviews, createRequestHandler({ build, mode: "development", getLoadContext: loadContext(services) })],
    renderCartPage: async (cart) => partsOf(await build()).renderCartPage(cart),
    renderPurchase: async (product) => partsOf(await build()).renderPurchase(product),
  };
}
