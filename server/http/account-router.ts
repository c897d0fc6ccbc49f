import { Router } from "express";
import { z } from "zod";
import { changePasswordSchema, deleteAccountSchema, emailChangeSchema, favoriteSchema, profileSchema, sessionKey } from "../accounts/account-schemas";
import { savedAddressChangeSchema, savedAddressSchema } from "../accounts/address-schemas";
import { passkeyRegistrationSchema } from "../accounts/passkey-schemas";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { Services } from "../context";
import { AppError } from "../errors";
import { storeSlug } from "../../shared/store-settings";
import { clearSessionCookies, requireUser } from "./session";
import { parseInput } from "./validation";

const productId = z.string().regex(/^[1-9]\d{0,9}$/, "must be a product id").transform(Number);
const addressId = z.uuid("must be an address id");
const orderNumber = z.string().regex(/^VS-\d{1,12}$/, "must be an order number like VS-100123");

/** The signed-in shopper's profile, orders and favourites (DESIGN §7.7). */
export function accountRouter(services: Services): Router {
  const router = Router();
  const userId = (req: { user: { id: string } | null }) => req.user!.id;

  router.patch("/account/profile", requireUser, async (req, res) => {
    const input = parseInput(profileSchema, req.body, "Invalid profile");
    res.json(await services.accounts.updateProfile({ userId: userId(req), input }));
  });

  router.patch("/account/password", requireUser, async (req, res) => {
    const { currentPassword, newPassword } = parseInput(changePasswordSchema, req.body, "Invalid password change");
    res.json(await services.accounts.changePassword({ userId: userId(req), sessionToken: req.sessionToken ?? null, currentPassword, newPassword }));
  });

  // Store credit (issue 51): the balance and its history, by the account's email.
  router.get("/account/credit", requireUser, async (req, res) => {
    res.json(await services.storeCredit.listCredit({ email: req.user!.email }));
  });

  router.get("/account/sessions", requireUser, async (req, res) => {
    res.json({ sessions: await services.accounts.listSessions({ userId: userId(req), currentToken: req.sessionToken ?? null }) });
  });

  router.delete("/account/sessions/:key", requireUser, async (req, res) => {
    await services.accounts.endSession({ userId: userId(req), key: parseInput(sessionKey, req.params.key, "Invalid device") });
    res.json({ sessions: await services.accounts.listSessions({ userId: userId(req), currentToken: req.sessionToken ?? null }) });
  });

  // Everywhere, this browser included.
  router.post("/account/sessions/sign-out-all", requireUser, async (req, res) => {
    await services.accounts.endAllSessions({ userId: userId(req) });
    clearSessionCookies(req, res);
    res.json({ ok: true });
  });

  router.post("/account/verify-email/resend", requireUser, async (req, res) => {
    parseInput(z.object({}).strict(), req.body ?? {}, "Invalid request");
    res.json(await services.accounts.resendVerification({ userId: userId(req) }));
  });

  router.post("/account/email", requireUser, async (req, res) => {
    const { password, newEmail } = parseInput(emailChangeSchema, req.body, "Invalid email change");
    res.status(202).json(await services.accounts.requestEmailChange({ userId: userId(req), password, newEmail }));
  });

  router.get("/account/passkeys", requireUser, async (req, res) => {
    res.json({ passkeys: await services.accounts.listPasskeys({ userId: userId(req) }) });
  });
  router.post("/account/passkeys/options", requireUser, async (req, res) => {
    res.json(await services.accounts.passkeyRegistrationOptions({ userId: userId(req) }));
  });
  router.post("/account/passkeys", requireUser, async (req, res) => {
    const { ceremonyId, response, name } = parseInput(passkeyRegistrationSchema, req.body, "Invalid passkey");
    const passkeys = await services.accounts.addPasskey({ userId: userId(req), ceremonyId, response: response as unknown as RegistrationResponseJSON, name });
    // A staff member's first passkey is their second factor: this session has just given it (issue 29).
    const staff = req.user!.staff;
    if (staff && !staff.secondFactor.given) await services.staffSecurity.passkeyAdded({ userId: userId(req), username: req.user!.username, sessionToken: req.sessionToken! });
    res.status(201).json({ passkeys });
  });
  router.delete("/account/passkeys/:id", requireUser, async (req, res) => {
    const id = parseInput(z.string().regex(/^[A-Za-z0-9_-]{1,1024}$/, "must be a passkey id"), req.params.id, "Invalid passkey id");
    const staff = req.user!.staff;
    if (staff && !staff.secondFactor.totp && (await services.accounts.listPasskeys({ userId: userId(req) })).length <= 1) {
      throw new AppError("conflict", "Set up an authenticator app first: staff must keep a second factor.");
    }
    res.json({ passkeys: await services.accounts.removePasskey({ userId: userId(req), id }) });
  });

  router.get("/account/addresses", requireUser, async (req, res) => {
    res.json({ addresses: await services.accounts.listAddresses({ userId: userId(req) }) });
  });
  router.post("/account/addresses", requireUser, async (req, res) => {
    const address = await services.accounts.addAddress({ userId: userId(req), input: parseInput(savedAddressSchema, req.body, "Invalid address") });
    res.status(201).json({ address, addresses: await services.accounts.listAddresses({ userId: userId(req) }) });
  });
  router.patch("/account/addresses/:id", requireUser, async (req, res) => {
    const change = parseInput(savedAddressChangeSchema, req.body, "Invalid address");
    res.json({ addresses: await services.accounts.updateAddress({ userId: userId(req), id: parseInput(addressId, req.params.id, "Invalid address id"), change }) });
  });
  router.delete("/account/addresses/:id", requireUser, async (req, res) => {
    res.json({ addresses: await services.accounts.deleteAddress({ userId: userId(req), id: parseInput(addressId, req.params.id, "Invalid address id") }) });
  });

  router.get("/account/export", requireUser, async (req, res) => {
    const data = await services.accounts.exportData({ userId: userId(req) });
    const store = storeSlug((await services.settings.storefront()).name);
    res.set("Content-Disposition", `attachment; filename="${store}-my-data-${data.exportedAt.slice(0, 10)}.json"`);
    res.set("Cache-Control", "no-store");
    res.type("application/json").send(JSON.stringify(data, null, 2));
  });

  router.post("/account/delete", requireUser, async (req, res) => {
    const proof = parseInput(deleteAccountSchema, req.body, "Invalid request");
    await services.accounts.deleteAccount({ userId: userId(req), ...("password" in proof ? { password: proof.password } : { passkey: proof.passkey as unknown as { ceremonyId: string; response: AuthenticationResponseJSON } }) });
    clearSessionCookies(req, res);
    res.json({ ok: true });
  });

  router.get("/account/orders", requireUser, async (req, res) => {
    res.json(await services.accounts.listOrders({ userId: userId(req) }));
  });

  router.get("/account/orders/:orderNumber", requireUser, async (req, res) => {
    const number = parseInput(orderNumber, req.params.orderNumber, "Invalid order number");
    res.json(await services.accounts.getOrder({ userId: userId(req), orderNumber: number }));
  });

  router.get("/favorites", requireUser, async (req, res) => {
    res.json(await services.accounts.listFavorites({ userId: userId(req) }));
  });

  router.post("/favorites", requireUser, async (req, res) => {
    const { productId: id } = parseInput(favoriteSchema, req.body, "Invalid favourite");
    res.status(201).json(await services.accounts.addFavorite({ userId: userId(req), productId: id }));
  });

  router.delete("/favorites/:productId", requireUser, async (req, res) => {
    const id = parseInput(productId, req.params.productId, "Invalid product id");
    res.json(await services.accounts.removeFavorite({ userId: userId(req), productId: id }));
  });

  return router;
}
