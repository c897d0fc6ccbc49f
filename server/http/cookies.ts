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
  const options = { sameSite: "lax" as const, secure: req.secure || req.app.locals.secureCookies === true, path: "/", maxAge: Math.max(0, maxAgeMs) };
  res.cookie(name, token, { ...options, httpOnly: true });
  // What the shared, cached product page may read to show its buttons to a pass holder during early access: when the
  // pass ends, no more. A hint for the page only; the HttpOnly pass above is what the gate checks.
  // Its value is the pass's end on the service clock, the clock the page's countdown keeps (the token's fourth part).
  res.cookie(dropPassHint(name), token.split(".")[3] ?? "0", options);
}

/** The script-readable companion of a drop pass cookie (shared/drops.ts reads it in the browser). */
export const dropPassHint = (passCookie: string) => `${passCookie}_until`;
