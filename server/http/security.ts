import { randomFillSync } from "node:crypto";
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
/**
 * 16 random bytes, base64, never handed out twice. Drawn from a pool filled 256 nonces at a time: one system call per
 * request for 16 bytes was 2 % of a cached page's time.
 */
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceAt = noncePool.length;
export function freshNonce(): string {
  if (nonceAt === noncePool.length) {
    randomFillSync(noncePool);
    nonceAt = 0;
  }
  nonceAt += NONCE_BYTES;
  return noncePool.toString("base64", nonceAt - NONCE_BYTES, nonceAt);
}

export function securityHeaders({ production, stripe = false, gtm = false, mediaUrl = null }: { production: boolean; stripe?: boolean; gtm?: boolean; mediaUrl?: string | null }): RequestHandler[] {
  // Stripe's Payment Element loads its script and frames from Stripe's hosts (DESIGN §6).
  const stripeScript = stripe ? ["https://js.stripe.com"] : [];
  const stripeFrames = stripe ? ["https://js.stripe.com", "https://hooks.stripe.com"] : [];
  const stripeApi = stripe ? ["https://api.stripe.com"] : [];
  // Google Tag Manager and the Analytics hits it sends, only when GTM_ID is configured.
  const gtmScript = gtm ? ["https://www.googletagmanager.com"] : [];
  const gtmConnect = gtm ? ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://www.googletagmanager.com"] : [];
  // Photos from MEDIA_PUBLIC_URL (a CDN or the bucket, decision 0053) when pages link there.
  const mediaImages = mediaUrl ? [new URL(mediaUrl).origin] : [];
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = freshNonce();
    next();
  };
  const headers = helmet({
    // Vite's dev server injects inline scripts without nonces, so the policy is enforced in production only.
    contentSecurityPolicy: production && {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripeScript, ...gtmScript, (_req, res) => `'nonce-${(res as unknown as { locals: Express.Locals }).locals.cspNonce}'`],
        frameSrc: stripe ? stripeFrames : ["'none'"],
        // Radix and React set style attributes; stylesheets themselves come from 'self'.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", ...mediaImages, ...gtmConnect],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...stripeApi, ...gtmConnect],
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
