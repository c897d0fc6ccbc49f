import { Router } from "express";
import type { Services } from "../context";
import { invitationAcceptSchema, invitationQuerySchema } from "../staff/staff-schemas";
import { CART_COOKIE, readCookie } from "./cookies";
import { setSessionCookie } from "./session";
import { parseInput } from "./validation";

/**
 * The invitee's side of a staff invitation (issue 29), mounted under /api/auth: anyone with the link may read it and
 * accept it once. Accepting signs the new staff member in (the cookie, like sign-in); their second factor comes next.
 */
export function staffInvitationRouter(services: Services): Router {
  const router = Router();

  router.get("/staff-invitation", async (req, res) => {
    const { token } = parseInput(invitationQuerySchema, req.query, "Invalid invitation link");
    res.json(await services.staff.readInvitation({ token, ip: req.ip ?? "unknown" }));
  });

  router.post("/staff-invitation", async (req, res) => {
    const input = parseInput(invitationAcceptSchema, req.body, "Couldn't accept the invitation");
    const result = await services.staff.acceptInvitation({ input, ip: req.ip ?? "unknown", cartToken: readCookie(req, CART_COOKIE), userAgent: req.get("user-agent") ?? null });
    setSessionCookie(req, res, result.token);
    res.clearCookie(CART_COOKIE, { path: "/" });
    res.status(201).json(result);
  });

  return router;
}
