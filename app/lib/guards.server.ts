import { data, redirect, type RouterContextProvider } from "react-router";
import type { User } from "../../server/accounts/user-types";
import { visitorContext } from "../context";

/** Signed-out visitors go to /login and come back here afterwards. */
export function requireUser(context: Readonly<RouterContextProvider>, request: Request): User {
  const user = context.get(visitorContext).user;
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}

/** Staff pages: others are told there is nothing here (DESIGN §6). */
export function requireAdmin(context: Readonly<RouterContextProvider>, request: Request): User {
  const user = requireUser(context, request);
  if (user.role !== "admin") throw data(null, { status: 404 });
  return user;
}
