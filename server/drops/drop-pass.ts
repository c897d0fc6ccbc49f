import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * A drop pass (issue 48): the signed token a visitor holds once the waiting room let them in (`line`) or they redeemed
 * an early-access link (`early`). It names its row in drop_passes and carries the window in which its holder may buy,
 * so a purchase checks it without reading the database; a refresh of the waiting room shows the same place, because
 * the token names the same row. Kept in the cookie `dropPassCookie(dropId)`.
 *
 * Format: `{kind letter}{dropId}.{passId}.{admitAtMs}.{expiresAtMs}.{HMAC-SHA256 base64url}`.
 */
export interface DropPass {
  kind: "line" | "early";
  dropId: number;
  passId: string;
  admitAt: Date;
  expiresAt: Date;
}

export const dropPassCookie = (dropId: number) => `drop_pass_${dropId}`;

const LETTER = { line: "l", early: "e" } as const;
const TOKEN = /^([le])([1-9]\d{0,9})\.([0-9a-f-]{36})\.(\d{1,15})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

const mac = (key: Buffer, body: string) => createHmac("sha256", key).update(`drop-pass:${body}`).digest();

export function signDropPass(key: Buffer, pass: DropPass): string {
  const body = `${LETTER[pass.kind]}${pass.dropId}.${pass.passId}.${pass.admitAt.getTime()}.${pass.expiresAt.getTime()}`;
  return `${body}.${mac(key, body).toString("base64url")}`;
}

/** The pass a token holds, or null for anything this store did not sign (the window is not checked here). */
export function readDropPass(key: Buffer, token: string | undefined | null): DropPass | null {
  const match = token ? TOKEN.exec(token) : null;
  if (!match) return null;
  const body = token!.slice(0, token!.lastIndexOf("."));
  const given = Buffer.from(match[6]!, "base64url");
  const expected = mac(key, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { kind: match[1] === "e" ? "early" : "line", dropId: Number(match[2]), passId: match[3]!, admitAt: new Date(Number(match[4])), expiresAt: new Date(Number(match[5])) };
}

/** Whether the pass lets its holder buy at `now`: admitted and not yet expired. */
export const passAdmits = (pass: DropPass, now: Date) => pass.admitAt <= now && now < pass.expiresAt;
