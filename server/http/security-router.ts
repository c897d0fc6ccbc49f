import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { type Request, type RequestHandler, Router } from "express";
import { passkeySignInSchema } from "../accounts/passkey-schemas";
import type { Services } from "../context";
import { AppError } from "../errors";
import { secondFactorCodeSchema, totpConfirmSchema } from "../staff/staff-schemas";
import { secondFactorRefusal, stepUpRefusal } from "./staff-guard";
import { parseInput } from "./validation";

/**
 * Any staff member, with or without a second factor yet: the two-step page's calls, on their own account only. The
 * route table lists them by name (server/staff/route-permissions.test.ts).
 */
const staffMember: RequestHandler & { readonly ownSecurity: true } = Object.assign(
  ((req, _res, next) => {
    if (!req.user) throw new AppError("unauthorized", "Please sign in");
    if (req.user.role !== "admin" || !req.user.staff) throw new AppError("forbidden", "Only staff can do this");
    next();
  }) as RequestHandler,
  { ownSecurity: true as const },
);

/** Changes to an existing second factor need it given within 10 minutes (any staff member, on their own account). */
const stepUpOwn: RequestHandler = (req, _res, next) => {
  const refused = secondFactorRefusal(req.user!) ?? stepUpRefusal(req.user!);
  if (refused) throw refused;
  next();
};

/**
 * /api/admin/security (issue 29): a staff member's own two-step sign-in. Open to every staff member, before a second
 * factor too (it is how they give or set one up); what the staff area needs is checked in server/http/staff-guard.ts.
 */
export function securityRouter(services: Services): Router {
  const router = Router();
  const member = (req: Request) => ({ userId: req.user!.id, username: req.user!.username, email: req.user!.email, sessionToken: req.sessionToken!, hasPasskey: req.user!.staff!.secondFactor.passkey });
  const security = services.staffSecurity;

  router.get("/", staffMember, async (req, res) => {
    res.json({ ...(await security.status(req.user!.id)), ...req.user!.staff!.secondFactor });
  });
  // A first authenticator while none is set up; replacing one (or adding one beside a passkey) asks for a step-up.
  router.post("/totp/setup", staffMember, async (req, res) => {
    const state = req.user!.staff!.secondFactor;
    if (state.totp || state.passkey) {
      const refused = secondFactorRefusal(req.user!) ?? stepUpRefusal(req.user!);
      if (refused) throw refused;
    }
    res.json(await security.startTotpSetup(member(req)));
  });
  router.post("/totp", staffMember, async (req, res) => {
    const { code } = parseInput(totpConfirmSchema, req.body, "Invalid code");
    res.json(await security.confirmTotp(member(req), code));
  });
  router.delete("/totp", staffMember, stepUpOwn, async (req, res) => {
    res.json(await security.removeTotp(member(req)));
  });
  router.post("/verify", staffMember, async (req, res) => {
    const { code, purpose } = parseInput(secondFactorCodeSchema, req.body, "Invalid code");
    res.json(await security.verify(member(req), code, purpose));
  });
  router.post("/passkey/options", staffMember, async (_req, res) => {
    res.json(await services.accounts.passkeySignInOptions());
  });
  router.post("/passkey", staffMember, async (req, res) => {
    const { ceremonyId, response } = parseInput(passkeySignInSchema, req.body, "Invalid passkey");
    const purpose = req.user!.staff!.secondFactor.given ? "step-up" : "sign-in";
    res.json(await security.verifyPasskey(member(req), { ceremonyId, response: response as unknown as AuthenticationResponseJSON }, purpose));
  });
  router.post("/recovery-codes", staffMember, stepUpOwn, async (req, res) => {
    res.json(await security.renewRecoveryCodes(member(req)));
  });
  return router;
}
