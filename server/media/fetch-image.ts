import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP } from "node:net";
import { MAX_UPLOAD_BYTES } from "./media-store";

/** Addresses an import must never reach: this machine, private networks, link-local (cloud metadata), multicast. */
const blocked = new BlockList();
for (const [net, prefix] of [["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12], ["192.0.0.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["224.0.0.0", 3]] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [["::", 128], ["::1", 128], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8], ["::ffff:0:0", 96]] as const) blocked.addSubnet(net, prefix, "ipv6");

export interface FetchImageOptions {
  /** Hosts reachable even on a private address (IMPORT_IMAGE_HOSTS; the tests' local image server). */
  allowHosts?: string[];
  timeoutMs?: number;
  maxBytes?: number;
}

export class ImageFetchError extends Error {}

const MAX_REDIRECTS = 3;

/**
 * Downloads an image for an import, guarded against server-side request forgery: http and https only; the host's
 * addresses are looked up once and every one must be public, and the connection goes to the address that was checked
 * (so a second DNS answer cannot point it elsewhere); redirects are followed at most three times, each checked again;
 * the body is cut off past `maxBytes` and the whole fetch past `timeoutMs`.
 */
export async function fetchImage(url: string, { allowHosts = [], timeoutMs = 10_000, maxBytes = MAX_UPLOAD_BYTES }: FetchImageOptions = {}): Promise<Buffer> {
  const deadline = AbortSignal.timeout(timeoutMs);
  let current = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const target = await vet(current, allowHosts);
    const answer = await get(target, deadline, maxBytes);
    if ("redirect" in answer) {
      current = new URL(answer.redirect, target.url).href;
      continue;
    }
    return answer.body;
  }
  throw new ImageFetchError(`more than ${MAX_REDIRECTS} redirects`);
}

async function vet(raw: string, allowHosts: string[]) {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ImageFetchError("not a valid address");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ImageFetchError(`only http and https addresses are fetched, not ${url.protocol.replace(":", "")}`);
  if (url.username || url.password) throw new ImageFetchError("addresses with a user name or password are not fetched");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true, verbatim: true });
  } catch {
    throw new ImageFetchError(`the host ${host} was not found`);
  }
  if (!allowHosts.includes(host)) {
    const bad = addresses.find((a) => blocked.check(a.address, a.family === 6 ? "ipv6" : "ipv4"));
    if (bad) throw new ImageFetchError(`${host} is a private or local address (${bad.address}), which imports may not reach`);
  }
  return { url, address: addresses[0]!.address, family: addresses[0]!.family };
}

function get({ url, address, family }: { url: URL; address: string; family: number }, signal: AbortSignal, maxBytes: number): Promise<{ body: Buffer } | { redirect: string }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const request = client.get(
      url,
      { signal, headers: { "user-agent": "VSOP-Apparel-catalog-import/1", accept: "image/avif,image/webp,image/png,image/jpeg,*/*;q=0.5" }, lookup: (_host, _opts, cb) => cb(null, address, family) },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ redirect: res.headers.location });
        }
        if (status !== 200) {
          res.resume();
          return reject(new ImageFetchError(`the server answered ${status}`));
        }
        if (Number(res.headers["content-length"] ?? 0) > maxBytes) {
          res.destroy();
          return reject(new ImageFetchError("the image is over 20 MB"));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            res.destroy();
            reject(new ImageFetchError("the image is over 20 MB"));
          } else chunks.push(chunk);
        });
        res.on("end", () => resolve({ body: Buffer.concat(chunks) }));
        res.on("error", (error) => reject(new ImageFetchError(error.message)));
      },
    );
    request.on("error", (error) => reject(new ImageFetchError(signal.aborted ? "no answer in time" : error.message)));
  });
}
