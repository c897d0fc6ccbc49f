// npm run bench:drop's browser: one visitor's cookies, address (X-Forwarded-For, as a balancer in front of the store
// passes it: the store trusts it from loopback, and its per-IP limits count each visitor apart) and requests.
import { performance } from "node:perf_hooks";

/** Every answer of 500 or more, by "METHOD path": the store misbehaving, printed after the run. */
export const serverErrors = new Map();

const ACCEPT_ENCODING = "gzip, deflate, br, zstd";

export class Visitor {
  /** @param {string} url the store; @param {string} ip this visitor's address */
  constructor(url, ip) {
    this.url = url;
    this.ip = ip;
    this.cookies = new Map();
  }

  /** Sets a cookie as a browser holding it would send it (a forged pass, a cart to forget). */
  setCookie(name, value) {
    if (value === null) this.cookies.delete(name);
    else this.cookies.set(name, value);
  }

  /**
   * One request with this visitor's cookies; answers {status, body, ms, cache}: the JSON body (null for another type,
   * or when `read` is false and the body is only drained), the time to the whole body and the X-Cache header.
   */
  async request(method, path, { json, headers = {}, read = true } = {}) {
    const started = performance.now();
    const res = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        "accept-encoding": ACCEPT_ENCODING,
        "x-forwarded-for": this.ip,
        ...(json === undefined ? {} : { "content-type": "application/json", origin: this.url }),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {}),
        ...headers,
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(";");
      const at = pair.indexOf("=");
      const gone = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      this.setCookie(pair.slice(0, at).trim(), gone ? null : pair.slice(at + 1).trim());
    }
    const isJson = res.headers.get("content-type")?.includes("application/json");
    const body = read && isJson ? await res.json() : (await res.arrayBuffer(), null);
    const ms = performance.now() - started;
    if (res.status >= 500) {
      const key = `${method} ${path.replace(/\/pi_\w+/, "/pi_…")}`;
      serverErrors.set(key, (serverErrors.get(key) ?? 0) + 1);
    }
    return { status: res.status, body, ms, cache: res.headers.get("x-cache") };
  }

  get(path, options) {
    return this.request("GET", path, options);
  }

  post(path, json = {}, options) {
    return this.request("POST", path, { ...options, json });
  }
}

/** The n-th visitor's address: 10.x.y.z, one for each of up to 16 million visitors. */
export const addressOf = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
