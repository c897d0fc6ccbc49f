import type { Request, Response } from "express";
import { unstorableText } from "./unstorable-text";

export const CART_COOKIE = "cart";
const CART_MAX_AGE_MS = 60 * 24 * 60 * 60 * 1000;

/**
 * One cookie's value from the Cookie header (no dependency for a one-line parse). A value that cannot be decoded, or
 * holds text the database cannot store (a NUL), is no cookie of ours: it reads as absent, never as a failed query.
 */
export function readCookie(req: Pick<Request, "headers">, name: string): string | null {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) {
      try {
        const value = decodeURIComponent(rest.join("="));
        return unstorableText(value) ? null : value;
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function setCartCookie(req: Request, res: Response, token: string): void {
  res.cookie(CART_COOKIE, token, { httpOnly: true, sameSite: "lax", secure: req.secure || req.app.locals.secureCookies === true, path: "/", maxAge: CART_MAX_AGE_MS });
}

/**
 * A drop pass (the line's or early access's, issue 48): HttpOnly, SameSite=Lax, Secure where the store is, kept until
 * the pass expires (`maxAgeMs`, from the service clock). Path "/": the cart and checkout calls read it.
 */
export function setDropPassCookie(req: Request, res: Response, name: string, token: string, maxAgeMs: number): void {
  res.cookie(name, token, { httpOnly: true, sameSite: "lax", secure: req.secure || req.app.locals.secureCookies === true, path: "/", maxAge: Math.max(0, maxAgeMs) });
}
