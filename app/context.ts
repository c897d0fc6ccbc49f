import { createContext, type RouterContext } from "react-router";
import type { Services } from "../server/context";

interface Contexts {
  services: RouterContext<Services>;
  nonce: RouterContext<string>;
}

/**
 * Values the Express server hands to loaders. The server bundle and the React Router bundle each evaluate this
 * module, so the keys live on globalThis: both must hold the very same key objects.
 */
const KEY = Symbol.for("vsop-store.router-contexts");
const registry = globalThis as typeof globalThis & { [KEY]?: Contexts };
const contexts = (registry[KEY] ??= {
  services: createContext<Services>(),
  nonce: createContext<string>(""),
});

export const servicesContext = contexts.services;
export const nonceContext = contexts.nonce;
