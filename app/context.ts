import type { User } from "../server/accounts/user-types";
import type { CartOwner } from "../server/cart/cart-owner";
import type { Services } from "../server/context";
import { routerContexts } from "../shared/router-context";

/** What the server knows about the browser making the request. */
export interface Visitor {
  owner: CartOwner;
  user: User | null;
  /** Their favourite ids, when the server has read them already for this request (the stitcher's viewer). */
  favoriteIds?: number[];
}

export const { servicesContext, nonceContext, visitorContext, sharedPageContext } = routerContexts<Services, Visitor>({ owner: { userId: null, cartToken: null }, user: null });
