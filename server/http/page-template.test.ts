import { describe, expect, it } from "vitest";
import { filledTemplate, fillTemplate, holesOf, pageTemplate } from "./page-template";

const page = (text: string) => Buffer.from(text);
const joined = (pieces: Buffer[]) => Buffer.concat(pieces).toString();

describe("a page template", () => {
  it("finds every occurrence of a marker as a hole", () => {
    expect(holesOf(page("a N b N c"), "N", "nonce")).toEqual([
      [2, 3, "nonce"],
      [6, 7, "nonce"],
    ]);
    expect(holesOf(page("no marker"), "", "nonce")).toEqual([]);
  });

  it("fills each hole with its text, keeps the page's own bytes where the fill has none", () => {
    const text = '<p nonce="N">0</p><b>Ana</b>';
    const body = page(text);
    const at = (s: string) => text.indexOf(s);
    const template = pageTemplate(body, [...holesOf(body, "N", "nonce"), [at("0"), at("0") + 1, "cart-count"], [at("Ana"), at("Ana") + 3, "account-name"]]);
    expect(joined(fillTemplate(template, (name) => (name === "nonce" ? page("XYZ") : name === "cart-count" ? page("3") : undefined)))).toBe('<p nonce="XYZ">3</p><b>Ana</b>');
    expect(joined(fillTemplate(template, () => undefined))).toBe(body.toString());
  });

  it("drops a hole that overlaps the one before it", () => {
    const template = pageTemplate(page("abcdef"), [
      [3, 5, "late"],
      [1, 4, "early"],
    ]);
    expect(template.holes).toEqual([[1, 4, "early"]]);
  });

  it("sends long stretches as views of the page and gathers the short ones around the holes into one piece", () => {
    const long = "x".repeat(20_000);
    const body = page(`<head nonce="N"><s nonce="N"></head>${long}<t nonce="N">`);
    const template = pageTemplate(body, holesOf(body, "N", "nonce"));
    const pieces = fillTemplate(template, () => page("Q"));
    expect(pieces).toHaveLength(3);
    expect(pieces[0]!.toString()).toBe('<head nonce="Q"><s nonce="Q');
    expect(pieces[1]!.buffer).toBe(body.buffer);
    expect(pieces[1]!.toString()).toBe(`"></head>${long}<t nonce="`);
    expect(pieces[2]!.toString()).toBe('Q">');
    expect(joined(pieces)).toBe(body.toString().replaceAll('"N"', '"Q"'));
  });

  it("fills some holes for good, and keeps the others where their bytes now are", () => {
    const body = page("<a>N</a><b>stock</b><c>N</c><d>v</d>");
    const template = pageTemplate(body, [...holesOf(body, "N", "nonce"), [11, 16, "stock"], [31, 32, "viewer"]]);
    const stocked = filledTemplate(template, (name) => (name === "stock" ? page("sold out") : undefined));
    expect(stocked.body.toString()).toBe("<a>N</a><b>sold out</b><c>N</c><d>v</d>");
    expect(stocked.holes.map(([from, to, name]) => [stocked.body.subarray(from, to).toString(), name])).toEqual([["N", "nonce"], ["N", "nonce"], ["v", "viewer"]]);
    const fill = (name: string) => (name === "nonce" ? page("QQ") : name === "viewer" ? page("3") : undefined);
    expect(joined(fillTemplate(stocked, fill))).toBe("<a>QQ</a><b>sold out</b><c>QQ</c><d>3</d>");
  });
});
