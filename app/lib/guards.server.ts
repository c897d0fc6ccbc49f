import { data, redirect, type RouterContextProvider } from "react-router";
import { PERMISSION_LABELS, type Permission } from "../../shared/staff-permissions";
import type { User } from "../../server/accounts/user-types";
import { visitorContext } from "../context";

/** Where staff set up or give their second factor. */
export const TWO_STEP_PATH = "/admin/two-step";

const backHere = (request: Request) => {
  const url = new URL(request.url);
  return encodeURIComponent(url.pathname + url.search);
};

/**
 * Signed-out visitors go to /login and come back here afterwards. A staff member who hasn't given a second factor in
 * this session goes to the two-step page first (issue 29): nothing else opens until then.
 */
export function requireUser(context: Readonly<RouterContextProvider>, request: Request): User {
  const user = context.get(visitorContext).user;
  if (!user) throw redirect(`/login?redirectTo=${backHere(request)}`);
  if (user.staff && !user.staff.secondFactor.given) throw redirect(`${TWO_STEP_PATH}?redirectTo=${backHere(request)}`);
  return user;
}

/** What a staff page's 403 carries: which permission it needs and the member's role (app/routes/admin-layout.tsx shows it). */
export interface NotAllowed {
  notAllowed: true;
  permission: Permission;
  label: string;
  roleName: string;
}

/**
 * The one staff page guard (DESIGN §10): every staff page's loader names the permission it needs. Anyone but staff is
 * told there is nothing here (404, DESIGN §6); a staff member whose role lacks the permission gets a 403 page saying so.
 */
export function requirePermission(context: Readonly<RouterContextProvider>, request: Request, permission: Permission): User & { staff: NonNullable<User["staff"]> } {
  const user = requireUser(context, request);
  if (user.role !== "admin" || !user.staff) throw data(null, { status: 404 });
  if (!user.staff.permissions.includes(permission)) {
    throw data({ notAllowed: true, permission, label: PERMISSION_LABELS[permission].label, roleName: user.staff.roleName } satisfies NotAllowed, { status: 403 });
  }
  return user as User & { staff: NonNullable<User["staff"]> };
}
