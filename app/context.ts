import { createContext, type RouterContext } from "react-router";
import type { User } from "../server/accounts/user-types";
import type { CartOwner } from "../server/cart/cart-owner";
import type { Services } from "../server/context";

/** What the server knows about the browser making the request. */
export interface Visitor {
  owner: CartOwner;
  user: User | null;
}

interface Contexts {
  services: RouterContext<Services>;
  nonce: RouterContext<string>;
  visitor: RouterContext<Visitor>;
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
  visitor: createContext<Visitor>({ owner: { userId: null, cartToken: null }, user: null }),
});

export const servicesContext = contexts.services;
export const nonceContext = contexts.nonce;
export const visitorContext = contexts.visitor;
