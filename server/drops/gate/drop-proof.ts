import { createHmac, timingSafeEqual } from "node:crypto";
import { createChallenge, randomInt, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { createLru } from "../../cache/lru";
import { AppError } from "../../errors";

/**
 * The self-hosted proof of work (ALTCHA, issue 48) in front of joining a drop's line and adding its pieces in the
 * opening hour. A challenge is SHA-256 over a counter the browser must find: the counter is drawn from 50,000-100,000
 * (about 0.25 s on one Node thread, well under a second on a phone's workers), so a script pays for every attempt.
 *
 * Its expiry is real time, not the service clock: the ALTCHA library and the browser's widget both read their own
 * clock, and a spent solution must stay spent for as long as the library would accept it.
 */
const LIFE_MS = 2 * 60_000;
const COUNTER = { min: 50_000, max: 100_000 };

const hex = z.string().regex(/^[0-9a-f]{1,256}$/);
/** The widget's payload, base64 of `{challenge: {parameters, signature}, solution}` (altcha 3). */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.literal("SHA-256"),
        nonce: hex,
        salt: hex,
        cost: z.number().int(),
        keyLength: z.number().int(),
        keyPrefix: hex,
        keySignature: hex.optional(),
        expiresAt: z.number().int(),
        data: z.object({ drop: z.number().int() }).strict(),
      })
      .strict(),
    signature: hex,
  }),
  solution: z.object({ counter: z.number().int().min(0).max(0xffffffff), derivedKey: hex, time: z.number().optional() }),
});

const BAD = "The browser check could not be read. Solve a new one.";

const hmacHex = (secret: string, data: string | Buffer) => createHmac("sha256", secret).update(data).digest("hex");
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** JSON with every object's keys sorted, as altcha-lib signs a challenge's parameters. */
const canonicalJson = (value: unknown) => JSON.stringify(sortedKeys(value));
function sortedKeys(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => [k, sortedKeys(v)]));
}

/** The widget's payload as a challenge and solution, or a 400 (never a 500) for anything else. */
function readPayload(proof: string) {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(proof, "base64").toString("utf8"));
  } catch {
    throw new AppError("bad_request", BAD);
  }
  const parsed = payloadSchema.safeParse(json);
  if (!parsed.success) throw new AppError("bad_request", BAD);
  return parsed.data;
}

/** A solution checked against its challenge: what spending it writes. */
export interface SolvedChallenge {
  signature: string;
  expiresAt: Date;
}

/** Signatures of solutions spent through this process, kept until their challenge expires (a few MB at most). */
const SPENT_KEPT = 50_000;
const USED = "This challenge was already used. Solve a new one.";

export function createDropProof({ db, key }: { db: Database; key: () => Promise<Buffer> }) {
  // A script replaying a shopper's solution is refused here without a query when the solution was spent through this
  // process; elsewhere, the table's unique signature refuses it (the rule, for every process).
  const spentHere = createLru<string, number>({ maxEntries: SPENT_KEPT });
  const spentBefore = (signature: string) => (spentHere.get(signature) ?? 0) > Date.now();
  // altcha-lib takes text secrets: the stored key, and a second one derived from it for the solution's key signature.
  const secrets = async () => {
    const k = await key();
    return { challenge: k.toString("base64url"), solution: `${k.toString("base64url")}:solution` };
  };

  return {
    /** A fresh challenge for one drop (its id is signed into it, so it can't be spent on another). */
    async challenge({ dropId }: { dropId: number }): Promise<Challenge> {
      const s = await secrets();
      return createChallenge({
        algorithm: "SHA-256",
        cost: 1,
        counter: randomInt(COUNTER.max, COUNTER.min),
        deriveKey,
        data: { drop: dropId },
        expiresAt: new Date(Date.now() + LIFE_MS),
        hmacSignatureSecret: s.challenge,
        hmacKeySignatureSecret: s.solution,
      });
    },

    /**
     * Checks a solution for this drop in memory (no query: a script's guesses cost the store one hash each): the
     * solved challenge, or a 400.
     */
    async verify({ dropId, proof }: { dropId: number; proof: string }): Promise<SolvedChallenge> {
      if (proof.length > 4000) throw new AppError("bad_request", BAD);
      const { challenge, solution } = readPayload(proof);
      const { parameters, signature } = challenge;
      if (parameters.expiresAt * 1000 < Date.now()) throw new AppError("bad_request", "The browser check has expired. Solve a new one.");
      const s = await secrets();
      // altcha-lib's verifySolution with a key signature (every challenge made here has one), in node:crypto: the
      // library's Web Crypto calls cost the event loop several times as much, for every script's guess at an open.
      const solved =
        same(hmacHex(s.challenge, canonicalJson(parameters)), signature) &&
        parameters.data.drop === dropId &&
        parameters.keySignature !== undefined &&
        solution.derivedKey.length % 2 === 0 &&
        same(hmacHex(s.solution, Buffer.from(solution.derivedKey, "hex")), parameters.keySignature);
      if (!solved) throw new AppError("bad_request", "The browser check was not solved. Solve a new one.");
      if (spentBefore(signature)) throw new AppError("bad_request", USED);
      return { signature, expiresAt: new Date(parameters.expiresAt * 1000) };
    },

    /**
     * Spends a verified solution: it counts once (its challenge's signature is written to drop_challenge_uses, and the
     * rows past their expiry are deleted in the same statement).
     */
    async spend({ signature, expiresAt }: SolvedChallenge): Promise<void> {
      const now = new Date();
      const rows = rowsOf<{ signature: string }>(await db.execute(sql`
        with gone as (delete from drop_challenge_uses where expires_at < ${now})
        insert into drop_challenge_uses (signature, expires_at) values (${signature}, ${expiresAt})
        on conflict do nothing returning signature`));
      spentHere.set(signature, expiresAt.getTime());
      if (rows.length === 0) throw new AppError("bad_request", USED);
    },
  };
}

export type DropProof = ReturnType<typeof createDropProof>;
