import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, isNull } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { recordAudit } from "../audit/audit-log";
import { provedWithPasskey, type PasskeyProof } from "../accounts/passkeys";
import { markSecondFactor } from "../accounts/sessions";
import { assertWithinLimits, clearAttempts, limits, recordAttempt } from "../accounts/rate-limit";
import type { Database } from "../db/client";
import { recoveryCodes, users } from "../db/schema";
import { AppError } from "../errors";

/**
 * Two-step sign-in for staff (issue 29): a TOTP app (RFC 6238, 30-second steps, one step of clock drift either way,
 * never the same step twice) or a passkey, and ten single-use recovery codes kept as SHA-256 hashes.
 */
export const TOTP_PERIOD_SECONDS = 30;
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
export const RECOVERY_CODE_COUNT = 10;

export interface Deps {
  db: Database;
  now: () => Date;
  storeName: () => Promise<string>;
}

interface Member {
  userId: string;
  username: string;
  /** The session that gives the factor: it is marked when the factor is right. */
  sessionToken: string;
}

const actorOf = (m: Pick<Member, "username">) => `staff:${m.username}`;
const hash = (code: string) => createHash("sha256").update(code).digest("base64url");
/** Recovery codes are typed by people: case, spaces and dashes don't count. */
const normalRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, "");
const WRONG_CODE = "That code didn't work. Check that your phone's clock is right and type the newest code.";

/** A recovery code: 10 characters from an alphabet without look-alikes, shown as xxxxx-xxxxx (50 bits). */
function newRecoveryCode(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(10);
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

async function userRow(db: Database, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new AppError("not_found", "Account not found");
  return row;
}

/** GET /api/admin/security: what the member has set up. */
export async function securityStatus({ db }: Pick<Deps, "db">, userId: string) {
  const row = await userRow(db, userId);
  const [left] = await db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { totp: row.totpSecret !== null, recoveryCodesLeft: left?.n ?? 0 };
}

/**
 * POST /api/admin/security/totp/setup: a new secret waiting for its first code, with the otpauth:// address and its
 * QR code (SVG, drawn here: the secret never leaves for a third-party QR service).
 */
export async function startTotpSetup({ db, storeName }: Deps, member: Member & { email: string }) {
  const secret = generateSecret();
  await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, member.userId));
  const otpauthUrl = generateURI({ issuer: await storeName(), label: member.email, secret, period: TOTP_PERIOD_SECONDS });
  const qrSvg = await QRCode.toString(otpauthUrl, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { secret, otpauthUrl, qrSvg };
}

/** Checks a 6-digit code against `secret`: within one step of drift, and only in a step later than the last one used. */
async function totpStep(secret: string, code: string, lastStep: number | null, now: Date): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
  }).catch(() => null);
  return result?.valid && "timeStep" in result ? result.timeStep : null;
}

/** Rate limit: 5 wrong codes in 15 minutes per member, checked before any code is. */
async function guarded<T>(deps: Deps, member: Member, attempt: () => Promise<T | null>, action: string): Promise<T> {
  const now = deps.now();
  const checks = [limits.secondFactorAccount(member.userId)];
  await assertWithinLimits(deps.db, checks, now);
  const result = await attempt();
  if (result === null) {
    await recordAttempt(deps.db, checks, now);
    await recordAudit(deps.db, { actor: actorOf(member), entity: "second_factor", entityId: member.userId, action: `${action}-failed` }, now);
    throw new AppError("bad_request", WRONG_CODE);
  }
  await clearAttempts(deps.db, checks);
  return result;
}

/** POST /api/admin/security/totp {code}: the first code confirms the pending secret; the answer holds new recovery codes. */
export async function confirmTotp(deps: Deps, member: Member, code: string) {
  const { db } = deps;
  const row = await userRow(db, member.userId);
  if (!row.totpPendingSecret) throw new AppError("conflict", "Start the set-up again: there is no new authenticator waiting for a code.");
  const step = await guarded(deps, member, () => totpStep(row.totpPendingSecret!, code, null, deps.now()), "totp-setup");
  const now = deps.now();
  const codes = await db.transaction(async (tx) => {
    await tx.update(users).set({ totpSecret: row.totpPendingSecret, totpPendingSecret: null, totpLastStep: step, updatedAt: now }).where(eq(users.id, member.userId));
    await recordAudit(tx, { actor: actorOf(member), entity: "second_factor", entityId: member.userId, action: row.totpSecret ? "totp-replaced" : "totp-added" }, now);
    return replaceRecoveryCodes(tx as unknown as Database, member.userId, now);
  });
  await markSecondFactor({ db, token: member.sessionToken, now });
  return { recoveryCodes: codes };
}

async function replaceRecoveryCodes(db: Database, userId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hash(normalRecoveryCode(c)), createdAt: now })));
  return codes;
}

/** POST /api/admin/security/recovery-codes: ten new codes; the old ones stop working. */
export async function renewRecoveryCodes(deps: Deps, member: Member) {
  const now = deps.now();
  const codes = await deps.db.transaction(async (tx) => {
    await recordAudit(tx, { actor: actorOf(member), entity: "second_factor", entityId: member.userId, action: "recovery-codes-renewed" }, now);
    return replaceRecoveryCodes(tx as unknown as Database, member.userId, now);
  });
  return { recoveryCodes: codes };
}

/**
 * POST /api/admin/security/verify {code}: a TOTP code (6 digits) or a recovery code (used once). Right: the session has
 * given its second factor now (the second step of a sign-in, or a step-up). Wrong: 400, counted and audited.
 */
export async function verifySecondFactor(deps: Deps, member: Member, code: string, purpose: "sign-in" | "step-up") {
  const { db } = deps;
  const row = await userRow(db, member.userId);
  const how = await guarded(
    deps,
    member,
    async () => {
      const now = deps.now();
      if (/^\d{6}$/.test(code.trim())) {
        if (!row.totpSecret) return null;
        const step = await totpStep(row.totpSecret, code.trim(), row.totpLastStep, now);
        if (step === null) return null;
        // Only one request can move the last step forward: a code raced in twice is accepted once.
        const moved = await db
          .update(users)
          .set({ totpLastStep: step })
          .where(and(eq(users.id, member.userId), row.totpLastStep === null ? isNull(users.totpLastStep) : eq(users.totpLastStep, row.totpLastStep)))
          .returning({ id: users.id });
        return moved.length ? "totp" : null;
      }
      const used = await db
        .update(recoveryCodes)
        .set({ usedAt: now })
        .where(and(eq(recoveryCodes.userId, member.userId), eq(recoveryCodes.codeHash, hash(normalRecoveryCode(code))), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id });
      return used.length ? "recovery-code" : null;
    },
    purpose,
  );
  return passed(deps, member, purpose, how);
}

/** Marks the session and writes the audit line for a second factor just given. */
export async function passed(deps: Pick<Deps, "db" | "now">, member: Member, purpose: "sign-in" | "step-up", how: string) {
  const now = deps.now();
  await markSecondFactor({ db: deps.db, token: member.sessionToken, now });
  await recordAudit(deps.db, { actor: actorOf(member), entity: "second_factor", entityId: member.userId, action: purpose === "step-up" ? `step-up-${how}` : `second-factor-${how}` }, now);
  const { recoveryCodesLeft } = await securityStatus(deps, member.userId);
  return { ok: true as const, recoveryCodesLeft };
}

/** DELETE /api/admin/security/totp: only when a passkey is left to sign in with (409 otherwise). */
export async function removeTotp(deps: Deps, member: Member & { hasPasskey: boolean }) {
  if (!member.hasPasskey) throw new AppError("conflict", "Add a passkey first: staff must keep a second factor.");
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, updatedAt: now }).where(eq(users.id, member.userId));
    await recordAudit(tx, { actor: actorOf(member), entity: "second_factor", entityId: member.userId, action: "totp-removed" }, now);
  });
  return securityStatus(deps, member.userId);
}

/** The staff member's own two-step sign-in, as server/http/security-router.ts calls it. */
export function createStaffSecurity(deps: Deps & { storeUrl: string }) {
  return {
    status: (userId: string) => securityStatus(deps, userId),
    startTotpSetup: (member: Member & { email: string }) => startTotpSetup(deps, member),
    confirmTotp: (member: Member, code: string) => confirmTotp(deps, member, code),
    removeTotp: (member: Member & { hasPasskey: boolean }) => removeTotp(deps, member),
    verify: (member: Member, code: string, purpose: "sign-in" | "step-up") => verifySecondFactor(deps, member, code, purpose),
    renewRecoveryCodes: (member: Member) => renewRecoveryCodes(deps, member),
    /** A staff member without a second factor just added their first passkey: it counts for this session. */
    passkeyAdded: (member: Member) => passed(deps, member, "sign-in", "passkey-added"),
    /** The member's own passkey as the second factor; anyone else's, or a failed check, counts as a wrong code. */
    verifyPasskey: async (member: Member, proof: PasskeyProof, purpose: "sign-in" | "step-up") => {
      const ok = await guarded(deps, member, async () => ((await provedWithPasskey({ db: deps.db, storeUrl: deps.storeUrl, now: deps.now, userId: member.userId, ...proof })) ? "passkey" : null), purpose);
      return passed(deps, member, purpose, ok);
    },
  };
}
