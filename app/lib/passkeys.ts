import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { apiRequest } from "./api";

/** Makes a passkey for the signed-in account (the browser asks the person) and saves it under `name`. */
export async function addPasskey(name: string) {
  const { ceremonyId, options } = await apiRequest<{ ceremonyId: string; options: PublicKeyCredentialCreationOptionsJSON }>("POST", "/api/account/passkeys/options", {});
  const response = await startRegistration({ optionsJSON: options });
  return apiRequest<{ passkeys: unknown[] }>("POST", "/api/account/passkeys", { ceremonyId, response, name });
}

/**
 * Signs in with a passkey: from a button, or (`autofill`) offered by the browser in the username field's suggestions,
 * waiting until the person picks one.
 */
export async function signInWithPasskey({ autofill = false } = {}) {
  return apiRequest("POST", "/api/auth/passkey", await passkeyProof({ autofill }));
}

/** The browser's passkey answer to a fresh challenge: signs in, or confirms something as the signed-in shopper. */
export async function passkeyProof({ autofill = false } = {}) {
  const { ceremonyId, options } = await apiRequest<{ ceremonyId: string; options: PublicKeyCredentialRequestOptionsJSON }>("POST", "/api/auth/passkey/options", {});
  const response = await startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill });
  return { ceremonyId, response };
}

export const passkeysSupported = () => typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
