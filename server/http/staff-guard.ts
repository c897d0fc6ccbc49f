import { Router, type RequestHandler } from "express";
import { PERMISSION_LABELS, needsStepUp, type Permission } from "../../shared/staff-permissions";
import type { User } from "../accounts/user-types";
import { AppError } from "../errors";

/**
 * The one staff check (DESIGN §10): every staff API call and job retry names the permission it needs. Signed out:
 * 401; a shopper: 403; a staff member whose role lacks the permission: 403 naming it.
 */
export type PermissionGuard = RequestHandler & { readonly permission: Permission; readonly stepUp: boolean };

/**
 * Why a staff member can't use the staff area yet (issue 29): no second factor set up, or none given in this session.
 * Only the two-step page and its calls (/api/admin/security) open until then.
 */
export function secondFactorRefusal(user: User): AppError | null {
  const state = user.staff?.secondFactor;
  if (!state || state.given) return null;
  if (!state.totp && !state.passkey) {
    return new AppError("forbidden", "Set up two-step sign-in first: an authenticator app or a passkey. Staff need one before anything else.", { reason: "second_factor_setup" });
  }
  return new AppError("forbidden", "Finish signing in: enter the code from your authenticator app, use your passkey or a recovery code.", { reason: "second_factor" });
}

/** A step-up: 403 unless this session gave its second factor within the last 10 minutes. */
export function stepUpRefusal(user: User): AppError | null {
  if (user.staff?.secondFactor.fresh) return null;
  return new AppError("forbidden", "Confirm it's you: this needs your second factor again (it was given more than 10 minutes ago).", { reason: "step_up" });
}

/** Why `user` may not do what `permission` allows (with a step-up when `stepUp`), or null when they may. */
export function refusal(user: User | null, permission: Permission, stepUp = false): AppError | null {
  if (!user) return new AppError("unauthorized", "Please sign in");
  if (user.role !== "admin" || !user.staff) return new AppError("forbidden", "Only staff can do this");
  const unfinished = secondFactorRefusal(user);
  if (unfinished) return unfinished;
  if (!user.staff.permissions.includes(permission)) {
    return new AppError("forbidden", `Your role (${user.staff.roleName}) doesn't allow this: it needs the “${PERMISSION_LABELS[permission].label}” permission. Ask an Owner to change your role.`);
  }
  return stepUp ? stepUpRefusal(user) : null;
}

/** A route's need: a permission, and whether it always asks for a step-up (tax settings; the others follow `needsStepUp`). */
export type Need = Permission | { permission: Permission; stepUp: true };
export const withStepUp = (permission: Permission): Need => ({ permission, stepUp: true });

export function requirePermission(need: Need): PermissionGuard {
  const permission = typeof need === "string" ? need : need.permission;
  const always = typeof need !== "string";
  const guard: RequestHandler = (req, _res, next) => {
    const refused = refusal(req.user, permission, always || needsStepUp(permission, req.method));
    if (refused) throw refused;
    next();
  };
  return Object.assign(guard, { permission, stepUp: always });
}

/**
 * A staff member who hasn't given a second factor reaches none of the account calls either — except, while they have
 * none set up, adding a passkey (one way to set one up).
 */
export const holdUnfinishedStaff: RequestHandler = (req, _res, next) => {
  const refused = req.user ? secondFactorRefusal(req.user) : null;
  if (!refused) return next();
  const addingFirstPasskey = refused.extra.reason === "second_factor_setup" && req.method === "POST" && /^\/passkeys(\/options)?\/?$/.test(req.path);
  if (addingFirstPasskey) return next();
  throw refused;
};

type Method = "get" | "post" | "put" | "patch" | "delete";
type Route = (path: string, need: Need, ...handlers: RequestHandler[]) => void;

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
    (path, need, ...handlers) => {
      router[method](path, requirePermission(need), ...handlers);
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
    const unfinished = secondFactorRefusal(req.user);
    if (unfinished) throw unfinished;
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
