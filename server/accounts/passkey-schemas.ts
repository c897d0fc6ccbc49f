import { z } from "zod";

/** What a browser's WebAuthn answer looks like (the library checks the rest, cryptographically). */
const credentialJson = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,1024}$/, "must be a credential id"),
    rawId: z.string().max(1024),
    type: z.literal("public-key"),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.string().max(40).optional(),
  })
  .loose();

const ceremonyId = z.uuid("must be the id the options call answered with");

/** POST /api/account/passkeys: the new credential, and a name to know it by. */
export const passkeyRegistrationSchema = z.object({ ceremonyId, response: credentialJson, name: z.string().trim().min(1).max(60).default("Passkey") }).strict();
/** POST /api/auth/passkey: the browser's answer to the sign-in challenge. */
export const passkeySignInSchema = z.object({ ceremonyId, response: credentialJson }).strict();
