import { isIP } from "node:net";

/** What Express's `trust proxy` takes: no proxy, a count of proxies in front, or the addresses of the trusted ones. */
export type TrustProxy = false | number | string[];

const NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address, a subnet (10.0.0.0/8, fd00::/8) or one of Express's names for a range. */
function isProxyAddress(entry: string): boolean {
  if (NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split("/");
  const version = isIP(address ?? "");
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: whose X-Forwarded-For the store believes for a visitor's address (rate limits per address). Only a
 * request that reaches the store from a trusted proxy has its address taken from the header; from anyone else the
 * header is ignored, as a visitor can write it. `false` ignores it always; a number trusts that many proxies in front
 * (a platform's router whose addresses are not known); a comma-separated list names the proxies (addresses,
 * subnets, or loopback, linklocal, uniquelocal). `true` (trust every sender) is refused: anyone reaching the store
 * directly could then pick their own address and step past every limit.
 */
export function parseTrustProxy(text: string): { value: TrustProxy } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === "false") return { value: false };
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    return hops >= 1 && hops <= 10 ? { value: hops } : { error: "must be 1 to 10 proxies, false, or the proxies' addresses" };
  }
  if (trimmed === "true") return { error: "true would believe X-Forwarded-For from anyone: name the proxies' addresses or subnets, or how many proxies are in front (1)" };
  const entries = trimmed.split(",").map((e) => e.trim()).filter(Boolean);
  const wrong = entries.find((e) => !isProxyAddress(e));
  if (!entries.length || wrong !== undefined) return { error: `${wrong ? `'${wrong}' is not` : "must be"} an address, a subnet (10.0.0.0/8), loopback, linklocal, uniquelocal, a number of proxies, or false` };
  return { value: entries };
}
