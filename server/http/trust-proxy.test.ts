import { like } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { authAttempts } from "../db/schema";
import { startTestServer, type TestServer } from "../test/test-server";
import { parseTrustProxy, type TrustProxy } from "./trust-proxy";

describe("TRUST_PROXY", () => {
  it("takes false, a number of proxies, or addresses, subnets and range names, and refuses true and nonsense", () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual(["loopback"]);
    expect(parseTrustProxy("false")).toEqual({ value: false });
    expect(parseTrustProxy("1")).toEqual({ value: 1 });
    expect(parseTrustProxy(" 10.0.0.0/8, 192.168.1.7 ,fd00::/8,loopback ")).toEqual({ value: ["10.0.0.0/8", "192.168.1.7", "fd00::/8", "loopback"] });
    expect(parseTrustProxy("true")).toEqual({ error: expect.stringMatching(/believe X-Forwarded-For from anyone/) });
    for (const wrong of ["0", "11", "10.0.0.0/33", "balancer.internal", "10.0.0.1/8/2", ""]) expect(parseTrustProxy(wrong), wrong).toHaveProperty("error");
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/^Invalid environment: TRUST_PROXY: true would believe/);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.999" })).toThrow(/TRUST_PROXY: '10.0.0.999' is not an address/);
  });
});

describe("the visitor's address behind a proxy", () => {
  const servers: TestServer[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.close())));

  /** The address a newsletter sign-up was rate-limited under, when this store's proxy setting met these headers. */
  async function addressSeen(trustProxy: TrustProxy | undefined, forwardedFor: string | null) {
    const server = await startTestServer({ trustProxy });
    servers.push(server);
    const headers: Record<string, string> = { "content-type": "application/json", origin: server.url };
    if (forwardedFor) headers["x-forwarded-for"] = forwardedFor;
    const res = await fetch(`${server.url}/api/newsletter`, { method: "POST", headers, body: JSON.stringify({ email: `someone${servers.length}@example.com` }) });
    expect(res.status, await res.text()).toBeLessThan(300);
    const rows = await server.database.db.select({ key: authAttempts.key }).from(authAttempts).where(like(authAttempts.key, "newsletter:ip:%"));
    expect(rows).toHaveLength(1);
    return rows[0]!.key.slice("newsletter:ip:".length);
  }

  // The test connects from 127.0.0.1, as a proxy on the same machine does.
  const self = /^(::ffff:)?127\.0\.0\.1$/;

  it("takes X-Forwarded-For from a proxy on this machine by default (docs/DEPLOY.md §3), the client's own address without one", async () => {
    expect(await addressSeen(undefined, "203.0.113.9")).toBe("203.0.113.9");
    expect(await addressSeen(undefined, null)).toMatch(self);
  });

  it("ignores it with TRUST_PROXY=false, and from a sender that is not the balancer TRUST_PROXY names", async () => {
    expect(await addressSeen(false, "203.0.113.9")).toMatch(self);
    expect(await addressSeen(["10.0.0.5"], "203.0.113.9")).toMatch(self);
  });

  it("takes the address the named proxies received the request from, not one a visitor wrote in front of it", async () => {
    // A visitor sends X-Forwarded-For: 6.6.6.6; the balancer (10.0.0.5) appends the address it saw; the proxy on the machine appends 10.0.0.5.
    expect(await addressSeen(["loopback", "10.0.0.0/8"], "6.6.6.6, 198.51.100.4, 10.0.0.5")).toBe("198.51.100.4");
    // One proxy in front (a platform's router): the last address in the header.
    expect(await addressSeen(1, "6.6.6.6, 198.51.100.4")).toBe("198.51.100.4");
  });
});
