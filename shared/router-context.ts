import { createContext, type RouterContext } from "react-router";

/**
 * The keys of the values the Express server hands to loaders (services, CSP nonce, visitor). The server bundle and
 * the React Router bundle each evaluate this module, so the keys live on globalThis: both must hold the very same key
 * objects. Each side names the value types it knows (app/context.ts and server/http/pages.ts).
 */
const KEY = Symbol.for("vsop-store.router-contexts");
const registry = globalThis as typeof globalThis & { [KEY]?: Record<"services" | "nonce" | "visitor", RouterContext<unknown>> };

export function routerContexts<Services, Visitor>(visitorDefault: Visitor) {
  const contexts = (registry[KEY] ??= { services: createContext<unknown>(), nonce: createContext<unknown>(""), visitor: createContext<unknown>(visitorDefault) });
  return {
    servicesContext: contexts.services as RouterContext<Services>,
    nonceContext: contexts.nonce as RouterContext<string>,
    visitorContext: contexts.visitor as RouterContext<Visitor>,
  };
}
