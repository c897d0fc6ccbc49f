import type { User } from "../server/accounts/user-types";
import type { CartOwner } from "../server/cart/cart-owner";
import type { Services } from "../server/context";
import { routerContexts } from "../shared/router-context";

/** What the server knows about the browser making the request. */
export interface Visitor {
  owner: CartOwner;
  user: User | null;
}

export const { servicesContext, nonceContext, visitorContext, sharedPageContext } = routerContexts<Services, Visitor>({ owner: { userId: null, cartToken: null }, user: null });
