import { Router, type RequestHandler } from "express";
import { PERMISSION_LABELS, type Permission } from "../../shared/staff-permissions";
import type { User } from "../accounts/user-types";
import { AppError } from "../errors";

/**
 * The one staff check (DESIGN §10): every staff API call and job retry names the permission it needs. Signed out:
 * 401; a shopper: 403; a staff member whose role lacks the permission: 403 naming it.
 */
export type PermissionGuard = RequestHandler & { readonly permission: Permission };

/** Why `user` may not do what `permission` allows, or null when they may. */
export function refusal(user: User | null, permission: Permission): AppError | null {
  if (!user) return new AppError("unauthorized", "Please sign in");
  if (user.role !== "admin" || !user.staff) return new AppError("forbidden", "Only staff can do this");
  if (!user.staff.permissions.includes(permission)) {
    return new AppError("forbidden", `Your role (${user.staff.roleName}) doesn't allow this: it needs the “${PERMISSION_LABELS[permission].label}” permission. Ask an Owner to change your role.`);
  }
  return null;
}

export function requirePermission(permission: Permission): PermissionGuard {
  const guard: RequestHandler = (req, _res, next) => {
    const refused = refusal(req.user, permission);
    if (refused) throw refused;
    next();
  };
  return Object.assign(guard, { permission });
}

type Method = "get" | "post" | "put" | "patch" | "delete";
type Route = (path: string, permission: Permission, ...handlers: RequestHandler[]) => void;

/**
 * A router for staff calls: each route must name its permission (the signature requires it), and the guard runs
 * before anything else. `router` is the Express router to mount.
 */
export interface StaffRouter {
  readonly router: Router;
  get: Route;
  post: Route;
  put: Route;
  patch: Route;
  delete: Route;
}

export function staffRouter(router: Router = Router()): StaffRouter {
  const add =
    (method: Method): Route =>
    (path, permission, ...handlers) => {
      router[method](path, requirePermission(permission), ...handlers);
    };
  return { router, get: add("get"), post: add("post"), put: add("put"), patch: add("patch"), delete: add("delete") };
}

/**
 * The one call that serves several permissions at once (the staff search): any staff member may make it, and sees
 * only what their permissions allow (`visibleTo`). The route table lists it by name (server/staff/route-permissions.test.ts).
 */
export const requireAnyStaff: RequestHandler & { readonly anyStaff: true } = Object.assign(
  ((req, _res, next) => {
    if (!req.user) throw new AppError("unauthorized", "Please sign in");
    if (req.user.role !== "admin" || !req.user.staff) throw new AppError("forbidden", "Only staff can do this");
    next();
  }) as RequestHandler,
  { anyStaff: true as const },
);

/** Keeps the parts of an answer whose permission the user holds; the others come back empty. */
export function visibleTo<T extends object>(user: User, answer: T, parts: { [K in keyof T]?: Permission }): T {
  const out = { ...answer };
  for (const [key, permission] of Object.entries(parts) as [keyof T, Permission][]) {
    if (!user.staff?.permissions.includes(permission)) out[key] = [] as T[keyof T];
  }
  return out;
}
