import { type Request, type Response, Router } from "express";
import { forgotPasswordSchema, linkTokenSchema, loginSchema, registerSchema, resetPasswordSchema } from "../accounts/account-schemas";
import type { SignedIn } from "../accounts/sign-in";
import { passkeySignInSchema } from "../accounts/passkey-schemas";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { Services } from "../context";
import { AppError } from "../errors";
import { CART_COOKIE, readCookie } from "./cookies";
import { clearSessionCookies, setSessionCookie } from "./session";
import { parseInput } from "./validation";

/** SPEC §7 auth calls. Login and register answer {token, user} for API clients and set the session cookie for browsers. */
export function authRouter(services: Services): Router {
  const router = Router();
  const visit = (req: Request) => ({ ip: req.ip ?? "unknown", cartToken: readCookie(req, CART_COOKIE), userAgent: req.get("user-agent") ?? null });
  const signedIn = (req: Request, res: Response, result: SignedIn, status = 200) => {
    setSessionCookie(req, res, result.token);
    // The anonymous cart now belongs to the account (merged at sign-in); its cookie is spent.
    res.clearCookie(CART_COOKIE, { path: "/" });
    res.status(status).json(result);
  };

  router.post("/register", async (req, res) => {
    const input = parseInput(registerSchema, req.body, "Registration failed");
    signedIn(req, res, await services.accounts.register({ ...visit(req), input }), 201);
  });

  router.post("/login", async (req, res) => {
    const { username, password } = parseInput(loginSchema, req.body, "Login failed");
    signedIn(req, res, await services.accounts.signIn({ ...visit(req), username, password }));
  });

  // The same answer, status and (about) time whether or not an account uses the address.
  router.post("/forgot-password", async (req, res) => {
    const { email } = parseInput(forgotPasswordSchema, req.body, "Invalid request");
    res.status(202).json(await services.accounts.requestPasswordReset({ email, ip: req.ip ?? "unknown" }));
  });

  router.post("/reset-password", async (req, res) => {
    const { token, password } = parseInput(resetPasswordSchema, req.body, "Invalid request");
    res.json(await services.accounts.resetPassword({ token, password, ip: req.ip ?? "unknown" }));
  });

  router.post("/verify-email", async (req, res) => {
    const { token } = parseInput(linkTokenSchema, req.body, "Invalid request");
    res.json(await services.accounts.confirmEmail({ token, ip: req.ip ?? "unknown" }));
  });

  router.post("/confirm-email", async (req, res) => {
    const { token } = parseInput(linkTokenSchema, req.body, "Invalid request");
    res.json(await services.accounts.confirmEmailChange({ token, ip: req.ip ?? "unknown" }));
  });

  router.post("/passkey/options", async (_req, res) => {
    res.json(await services.accounts.passkeySignInOptions());
  });

  router.post("/passkey", async (req, res) => {
    const { ceremonyId, response } = parseInput(passkeySignInSchema, req.body, "Invalid passkey");
    const { cartToken, userAgent } = visit(req);
    signedIn(req, res, await services.accounts.signInWithPasskey({ ceremonyId, response: response as unknown as AuthenticationResponseJSON, cartToken, userAgent }));
  });

  router.get("/me", (req, res) => {
    if (!req.user) throw new AppError("unauthorized", "Not signed in");
    res.json(req.user);
  });

  router.post("/logout", async (req, res) => {
    if (req.sessionToken) await services.accounts.signOut({ token: req.sessionToken });
    clearSessionCookies(req, res);
    res.json({ ok: true });
  });

  return router;
}
