import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";

declare global {
  namespace Express {
    interface Locals {
      cspNonce: string;
    }
  }
}

/**
 * Security headers with a fresh CSP nonce per request; React Router's inline scripts carry the nonce
 * (app/entry.server.tsx), so no 'unsafe-inline' script is allowed.
 */
export function securityHeaders({ production }: { production: boolean }): RequestHandler[] {
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  };
  const headers = helmet({
    // Vite's dev server injects inline scripts without nonces, so the policy is enforced in production only.
    contentSecurityPolicy: production && {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as unknown as { locals: Express.Locals }).locals.cspNonce}'`],
        // Radix and React set style attributes; stylesheets themselves come from 'self'.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
  return [nonce, headers];
}
