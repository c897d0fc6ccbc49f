import { createHash, randomBytes } from "node:crypto";

/** No 0/O or 1/I: a code read aloud or typed from a printed card can't be misread (32 symbols, 5 bits each). */
export const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = 16;

/** A new code: 16 crypto-random symbols (80 bits), in groups of four for reading ("ABCD-EFGH-JKMN-PQRS"). */
export function generateGiftCardCode(): string {
  // 32 symbols divide 256, so `byte & 31` picks each with the same chance.
  const chars = [...randomBytes(CODE_LENGTH)].map((b) => CODE_ALPHABET[b & 31]!);
  return chars.join("").match(/.{4}/g)!.join("-");
}

/** What a shopper typed, as stored: upper case, without spaces or dashes. */
export const normaliseGiftCardCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, "");

/** Only this is kept (the code itself is shown once): sha256 of the normalised code. */
export const hashGiftCardCode = (code: string) => createHash("sha256").update(normaliseGiftCardCode(code)).digest("hex");

export const last4Of = (code: string) => normaliseGiftCardCode(code).slice(-4);
