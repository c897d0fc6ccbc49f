import { type Request, Router } from "express";
import { z } from "zod";
import type { Services } from "../context";
import { parseRecoverySettings } from "../recovery/recovery-settings";
import { setCartCookie } from "./cookies";
import { ownerOf } from "./session";
import { parseInput } from "./validation";
import { staffRouter } from "./staff-guard";

const REFUSED = {
  forged: { status: 400, title: "This link isn't valid", text: "It may have been cut short by your email app. Open the newest email from us again, or start again from the shop." },
  expired: { status: 410, title: "This link has expired", text: "Cart links work for 7 days. Your items may still be in the shop." },
  purchased: { status: 409, title: "You've already placed your order", text: "Thank you! This link no longer restores the cart, because an order was paid since." },
} as const;

/** A small page of our own for a link that can't restore the cart (no template: the link may be opened anywhere). */
const refusalPage = ({ title, text }: { title: string; text: string }) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>` +
  `<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1.5rem;line-height:1.5;color:#16171a;background:#fff}@media (prefers-color-scheme:dark){body{color:#f4f4f5;background:#16171a}a{color:#f4f4f5}}</style>` +
  `</head><body><main><h1>${title}</h1><p>${text}</p><p><a href="/cart">Go to your cart</a> or <a href="/">keep shopping</a>.</p></main></body></html>`;

const tokenSchema = z.string().max(200, "Invalid link");

/**
 * GET /api/cart/restore/:token, the link in a checkout recovery email (issue 31): fills this browser's cart with the
 * left checkout's lines and goes to the cart page. Under /api so no page cache ever keeps it.
 */
export function recoveryRouter(services: Services): Router {
  const router = Router();
  router.get("/restore/:token", async (req, res) => {
    res.set("Cache-Control", "no-store");
    const token = parseInput(tokenSchema, req.params.token, "Invalid link");
    const outcome = await services.recovery.restore({ token, owner: ownerOf(req) });
    if (!outcome.restored) {
      const refused = REFUSED[outcome.why];
      res.status(refused.status).type("html").send(refusalPage(refused));
      return;
    }
    if (outcome.token) setCartCookie(req, res, outcome.token);
    res.redirect(303, "/cart");
  });
  return router;
}

/** Marketing → Recovery (issue 31): the figures (reports) and the settings (audited, like every setting). */
export function recoveryAdminRouter(services: Services): Router {
  const router = staffRouter();
  const actor = (req: Request) => `staff:${req.user!.username}`;
  router.get("/", "reports.read", async (_req, res) => {
    res.json({ report: await services.recovery.report(), settings: await services.recovery.settings() });
  });
  router.put("/settings", "settings", async (req, res) => {
    res.json(await services.recovery.saveSettings({ input: parseRecoverySettings(req.body), actor: actor(req) }));
  });
  return router.router;
}
