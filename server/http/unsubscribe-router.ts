import express, { Router } from "express";
import type { Services } from "../context";

const ONE_CLICK = "One-Click";

/**
 * RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` (form-encoded, no cookies, from no
 * page of ours) to the List-Unsubscribe address, and it must take effect with no further step. It lives outside /api,
 * so the same-origin JSON rule (same-origin.ts) does not apply to exactly this route; the signed token is what
 * authorises it. A GET of the same address is the page (app/routes/unsubscribe.tsx), which never unsubscribes by
 * itself: mail scanners open links.
 */
export function unsubscribeRouter(services: Services): Router {
  const router = Router();
  router.post("/unsubscribe/:token", express.urlencoded({ extended: false, limit: "1kb" }), async (req, res) => {
    res.set("Cache-Control", "no-store");
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body["List-Unsubscribe"] !== ONE_CLICK) {
      res.status(400).type("text/plain").send("Send List-Unsubscribe=One-Click as a form-encoded body, or open this address in a browser.");
      return;
    }
    const { message } = await services.unsubscribe.apply({ token: req.params.token });
    res.status(200).type("text/plain").send(message);
  });
  return router;
}
