import { generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse } from "@simplewebauthn/server";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { passkeys, users, webauthnChallenges } from "../db/schema";
import { AppError } from "../errors";
import { type SignedIn, assertNotSuspended, startSession } from "./sign-in";
import { toUserJson } from "./user-json";

const CHALLENGE_TTL_MS = 5 * 60_000;
const SIGN_IN_FAILED = "That passkey didn't work. Try again, or sign in with your password.";

/** The relying party is the store's public address: its host name is the RP ID, its origin the expected origin. */
export function relyingParty(storeUrl: string) {
  const url = new URL(storeUrl);
  return { rpID: url.hostname, origin: url.origin };
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

async function saveChallenge(db: Database, args: { challenge: string; userId: string | null; purpose: "register" | "authenticate"; now: Date }) {
  const [row] = await db.insert(webauthnChallenges).values({ ...args, expiresAt: new Date(args.now.getTime() + CHALLENGE_TTL_MS) }).returning({ id: webauthnChallenges.id });
  return row!.id;
}

/** Uses a ceremony's challenge once (an atomic update), within 5 minutes, for the same purpose and user. */
async function takeChallenge(db: Database, { ceremonyId, purpose, userId, now }: { ceremonyId: string; purpose: "register" | "authenticate"; userId: string | null; now: Date }) {
  const [row] = await db
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(and(eq(webauthnChallenges.id, ceremonyId), eq(webauthnChallenges.purpose, purpose), isNull(webauthnChallenges.usedAt), gt(webauthnChallenges.expiresAt, now), userId ? eq(webauthnChallenges.userId, userId) : isNull(webauthnChallenges.userId)))
    .returning({ challenge: webauthnChallenges.challenge });
  return row?.challenge ?? null;
}

/** The account's passkeys: names and dates only. */
export async function listPasskeys({ db, userId }: { db: Database; userId: string }) {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
  return rows.map((p) => ({ id: p.id, name: p.name, synced: p.backedUp, createdAt: p.createdAt.toISOString(), lastUsedAt: p.lastUsedAt?.toISOString() ?? null }));
}

/** POST /api/account/passkeys/options: what the browser needs to make a passkey for this account (named for the store, as the settings name it). */
export async function passkeyRegistrationOptions({ db, userId, storeUrl, storeName, now: clock }: { db: Database; userId: string; storeUrl: string; storeName: string; now: () => Date }) {
  const now = clock();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("not_found", "Account not found");
  const existing = await db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));
  const { rpID } = relyingParty(storeUrl);
  const options = await generateRegistrationOptions({
    rpName: storeName,
    rpID,
    userName: user.username,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports as never })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  return { ceremonyId: await saveChallenge(db, { challenge: options.challenge, userId, purpose: "register", now }), options };
}

/** POST /api/account/passkeys: checks the browser's new credential against the challenge and keeps it. */
export async function addPasskey({ db, userId, storeUrl, now: clock, ceremonyId, response, name }: { db: Database; userId: string; storeUrl: string; now: () => Date; ceremonyId: string; response: RegistrationResponseJSON; name: string }) {
  const now = clock();
  const challenge = await takeChallenge(db, { ceremonyId, purpose: "register", userId, now });
  if (!challenge) throw new AppError("bad_request", "That passkey request has expired. Please try again.");
  const { rpID, origin } = relyingParty(storeUrl);
  const verified = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: false }).catch(() => null);
  if (!verified?.verified) throw new AppError("bad_request", "The passkey could not be checked. Please try again.");
  const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
  await db
    .insert(passkeys)
    .values({ id: credential.id, userId, publicKey: b64(credential.publicKey), counter: credential.counter, transports: credential.transports ?? [], deviceType: credentialDeviceType, backedUp: credentialBackedUp, name, createdAt: now })
    .onConflictDoNothing();
  return listPasskeys({ db, userId });
}

/** DELETE /api/account/passkeys/{id}: another account's passkey is a 404. */
export async function removePasskey({ db, userId, id }: { db: Database; userId: string; id: string }) {
  const gone = await db.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning({ id: passkeys.id });
  if (gone.length === 0) throw new AppError("not_found", "Passkey not found");
  return listPasskeys({ db, userId });
}

/** POST /api/auth/passkey/options: a challenge for signing in with any passkey of this store (the browser offers them). */
export async function passkeySignInOptions({ db, storeUrl, now: clock }: { db: Database; storeUrl: string; now: () => Date }) {
  const now = clock();
  const options = await generateAuthenticationOptions({ rpID: relyingParty(storeUrl).rpID, userVerification: "preferred" });
  return { ceremonyId: await saveChallenge(db, { challenge: options.challenge, userId: null, purpose: "authenticate", now }), options };
}

/**
 * Checks the browser's answer to a sign-in challenge: the passkey it names, verified against the challenge (used once)
 * and its public key; its counter and last use are updated. Any failure is one 401 that reveals nothing about accounts.
 * A counter of 0 is accepted (synced passkeys never count).
 */
async function verifyPasskey({ db, storeUrl, now, ceremonyId, response }: { db: Database; storeUrl: string; now: Date; ceremonyId: string; response: AuthenticationResponseJSON }) {
  const challenge = await takeChallenge(db, { ceremonyId, purpose: "authenticate", userId: null, now });
  const [passkey] = challenge ? await db.select().from(passkeys).where(eq(passkeys.id, response.id)) : [];
  if (!challenge || !passkey) throw new AppError("unauthorized", SIGN_IN_FAILED);
  const { rpID, origin } = relyingParty(storeUrl);
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: { id: passkey.id, publicKey: Buffer.from(passkey.publicKey, "base64url"), counter: passkey.counter, transports: passkey.transports as never },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) throw new AppError("unauthorized", SIGN_IN_FAILED);
  await db.update(passkeys).set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: now }).where(eq(passkeys.id, passkey.id));
  return passkey;
}

/** POST /api/auth/passkey: signs in as the owner of the passkey the browser answered with. */
export async function signInWithPasskey({ db, storeUrl, now, ceremonyId, response, cartToken, userAgent }: { db: Database; storeUrl: string; now: () => Date; ceremonyId: string; response: AuthenticationResponseJSON; cartToken: string | null; userAgent: string | null }): Promise<SignedIn> {
  const passkey = await verifyPasskey({ db, storeUrl, now: now(), ceremonyId, response });
  const [user] = await db.select().from(users).where(eq(users.id, passkey.userId));
  assertNotSuspended(user!);
  // A passkey is something held and something known (or a fingerprint): staff need no other second factor.
  return startSession({ db, now, cartToken, userAgent, userId: user!.id, user: toUserJson(user!), secondFactor: true });
}

/** A passkey ceremony the browser answered, offered as proof (to confirm a deletion, or a staff step-up). */
export interface PasskeyProof {
  ceremonyId: string;
  response: AuthenticationResponseJSON;
}

/** Whether the signed-in user just proved themselves with one of their own passkeys (to confirm a deletion). */
export async function provedWithPasskey({ now, ...args }: PasskeyProof & { db: Database; storeUrl: string; now: () => Date; userId: string }): Promise<boolean> {
  const passkey = await verifyPasskey({ ...args, now: now() }).catch(() => null);
  return passkey?.userId === args.userId;
}
