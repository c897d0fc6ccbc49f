import type { Request, RequestHandler, Response } from "express";
import type { User } from "../accounts/user-types";
import type { CartOwner } from "../cart/cart-owner";
import type { Services } from "../context";
import { AppError } from "../errors";
import { CART_COOKIE, readCookie } from "./cookies";

declare global {
  namespace Express {
    interface Request {
      user: User | null;
      sessionToken: string | null;
    }
  }
}

/** `__Host-` binds the cookie to this exact origin over HTTPS; plain-HTTP local runs use the bare name. */
const SECURE_SESSION_COOKIE = "__Host-session";
const SESSION_COOKIE = "session";
const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** The session token from `Authorization: Bearer` (API clients) or the session cookie (browsers). */
export function sessionTokenOf(req: Request): string | null {
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.get("authorization") ?? "")?.[1];
  return bearer ?? readCookie(req, SECURE_SESSION_COOKIE) ?? readCookie(req, SESSION_COOKIE);
}

export function usesSecureCookies(req: Request): boolean {
  return req.secure || req.app.locals.secureCookies === true;
}

export function loadSession(services: Services): RequestHandler {
  return async (req, _res, next) => {
    req.sessionToken = sessionTokenOf(req);
    req.user = req.sessionToken ? await services.accounts.findSessionUser({ token: req.sessionToken }) : null;
    next();
  };
}

export function setSessionCookie(req: Request, res: Response, token: string): void {
  const secure = usesSecureCookies(req);
  res.cookie(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, token, { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: SESSION_MAX_AGE_MS });
}

export function clearSessionCookies(req: Request, res: Response): void {
  res.clearCookie(SECURE_SESSION_COOKIE, { path: "/", secure: true, httpOnly: true, sameSite: "lax" });
  res.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax" });
  void req;
}

/** Whose cart a request works on: the signed-in account's, else the browser's cart cookie. */
export function ownerOf(req: Request): CartOwner {
  return { userId: req.user?.id ?? null, cartToken: readCookie(req, CART_COOKIE) };
}

export const requireUser: RequestHandler = (req, _res, next) => {
  if (!req.user) throw new AppError("unauthorized", "Please sign in");
  next();
};
