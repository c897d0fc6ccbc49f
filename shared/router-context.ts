import { createContext, type RouterContext } from "react-router";

/**
 * The keys of the values the Express server hands to loaders (services, CSP nonce, visitor, shared page). The server bundle and
 * the React Router bundle each evaluate this module, so the keys live on globalThis: both must hold the very same key
 * objects. Each side names the value types it knows (app/context.ts and server/http/pages.ts).
 */
const KEY = Symbol.for("vsop-store.router-contexts");
const registry = globalThis as typeof globalThis & { [KEY]?: Record<"services" | "nonce" | "visitor" | "sharedPage", RouterContext<unknown>> };

export function routerContexts<Services, Visitor>(visitorDefault: Visitor) {
  const contexts = (registry[KEY] ??= { services: createContext<unknown>(), nonce: createContext<unknown>(""), visitor: createContext<unknown>(visitorDefault), sharedPage: createContext<unknown>(false) });
  return {
    servicesContext: contexts.services as RouterContext<Services>,
    nonceContext: contexts.nonce as RouterContext<string>,
    visitorContext: contexts.visitor as RouterContext<Visitor>,
    /** True on a public route's render (decision 0034): one page for every visitor, so the visitor cannot be read. */
    sharedPageContext: (contexts.sharedPage ??= createContext<unknown>(false)) as RouterContext<boolean>,
  };
}
