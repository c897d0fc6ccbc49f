import { randomBytes } from "node:crypto";
import { crc32, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32Combine, crc32Shift } from "./crc32-combine";
import { acceptsGzip, gzipFill, gzipStretches } from "./gzip-template";
import { fillTemplate, holesOf, pageTemplate } from "./page-template";

describe("crc32Combine", () => {
  it("gives the CRC-32 of joined data from its parts' CRCs and the second part's length", () => {
    for (const [a, b] of [[0, 0], [0, 7], [7, 0], [1, 1], [100, 3], [3, 70_000], [65_536, 131_071]]) {
      const [first, second] = [randomBytes(a!), randomBytes(b!)];
      expect(crc32Combine(crc32(first), crc32(second), crc32Shift(b!))).toBe(crc32(Buffer.concat([first, second])));
    }
  });
});

describe("gzipFill", () => {
  const page = (nonce: string) => Buffer.from(`<head><script nonce="${nonce}">a()</script><script nonce="${nonce}">${"<p>stock and prices</p>".repeat(3)}</script></head><body>${"<p>stock and prices</p>".repeat(3000)}<span data-count>0</span><script nonce="${nonce}">b()</script>${"<i>x</i>".repeat(50)}</body>`);
  const body = page("N0NCE");
  const count = body.indexOf("0</span>");
  const template = pageTemplate(body, [...holesOf(body, "N0NCE", "nonce"), [count, count + 1, "count"]]);
  const fixed = (name: string) => name === "nonce";
  const stretches = gzipStretches(template, fixed);
  const unzipped = (pieces: Buffer[] | null) => gunzipSync(Buffer.concat(pieces!)).toString();

  it("decodes to the same page as the uncompressed answer, with each hole filled", () => {
    const fills = [(name: string) => Buffer.from(name === "nonce" ? "Q9xyz" : "12"), () => undefined, (name: string) => (name === "nonce" ? undefined : Buffer.alloc(0)), (name: string) => (name === "nonce" ? undefined : Buffer.from("<b>long</b>".repeat(400)))];
    for (const fill of fills) {
      // gunzip checks the trailer's CRC-32 and length against what it decoded.
      expect(unzipped(gzipFill(template, stretches, fill))).toBe(Buffer.concat(fillTemplate(template, fill)).toString());
      expect(unzipped(gzipFill(template, gzipStretches(template), fill))).toBe(Buffer.concat(fillTemplate(template, fill)).toString());
    }
  });

  it("looks back past holes of fixed length, and refuses a fill of another length for them", () => {
    const pieces = gzipFill(template, stretches, (name) => Buffer.from(name === "nonce" ? "Q9xyz" : "12"));
    const size = pieces!.reduce((n, p) => n + p.length, 0);
    // The second script's text, after a nonce, is found in the page before it.
    expect(stretches.stretches[2]!.deflated.length).toBeLessThan(gzipStretches(template).stretches[2]!.deflated.length);
    expect(size).toBeLessThan(body.length / 20);
    expect(unzipped(pieces)).toBe(page("Q9xyz").toString().replace("0</span>", "12</span>"));
    expect(gzipFill(template, stretches, (name) => Buffer.from(name === "nonce" ? "Q9" : "12"))).toBeNull();
  });

  it("serves a page without holes as one stretch", () => {
    const plain = pageTemplate(Buffer.from("x".repeat(5000)), []);
    expect(unzipped(gzipFill(plain, gzipStretches(plain), () => undefined))).toBe("x".repeat(5000));
  });
});

describe("acceptsGzip", () => {
  it("reads Accept-Encoding as the compression middleware's negotiator does", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("br;q=1.0, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0, *")).toBe(false);
    expect(acceptsGzip("*;q=0")).toBe(false);
    expect(acceptsGzip("br, deflate")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
