import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { CONSENT_VERSION, type ConsentScope } from "../../shared/consent";
import { consentBootScript } from "./tag-manager";

const DENIED = { ad_storage: "denied", analytics_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" };
const GRANTED = { ad_storage: "granted", analytics_storage: "granted", ad_user_data: "granted", ad_personalization: "granted" };

/** The script in a small fake browser: its cookie jar, data layer, appended scripts, banner state and click handler. */
function browser({ cookie = "", pathname = "/", scope = "everywhere", country }: { cookie?: string; pathname?: string; scope?: ConsentScope; country?: { required: boolean } } = {}) {
  const jar = { value: cookie, written: [] as string[] };
  const attrs: Record<string, string> = {};
  const appended: { src: string; nonce?: string }[] = [];
  const boxes: Record<string, { checked: boolean; focus(): void }> = { analytics: { checked: false, focus() {} }, marketing: { checked: false, focus() {} } };
  let click: ((e: unknown) => void) | undefined;
  const document = {
    get cookie() {
      return jar.value;
    },
    set cookie(line: string) {
      jar.written.push(line);
      jar.value = line.split(";")[0]!;
    },
    documentElement: { setAttribute: (k: string, v: string) => (attrs[k] = v) },
    head: { appendChild: (el: { src: string; nonce?: string }) => appended.push(el) },
    createElement: () => ({}),
    querySelector: (selector: string) => (selector === "script[nonce]" ? { nonce: "n0nce" } : (boxes[/name=(\w+)/.exec(selector)?.[1] ?? ""] ?? null)),
    getElementById: () => ({ focus() {} }),
    addEventListener: (_type: string, handler: (e: unknown) => void) => (click = handler),
  };
  const pending: Promise<unknown>[] = [];
  const window: Record<string, unknown> = {};
  const fetch = () => {
    const answer = Promise.resolve({ json: () => Promise.resolve(country) });
    pending.push(answer);
    return answer;
  };
  runInNewContext(consentBootScript("GTM-TEST123", scope), { window, document, location: { pathname, protocol: "https:" }, fetch });
  const press = (action: string) => click!({ target: { closest: () => ({ getAttribute: () => action }) } });
  const consentCalls = () => (window.dataLayer as ArrayLike<unknown>[]).filter((e) => e[0] === "consent").map((e) => Array.from(e));
  return { jar, attrs, appended, boxes, press, consentCalls, window, settle: () => Promise.all(pending).then(() => new Promise((r) => setTimeout(r))) };
}

describe("the cookie banner's script (decision 0039)", () => {
  it("is at most 3 KB", () => {
    expect(Buffer.byteLength(consentBootScript("GTM-ABCDEFGHIJKL", "everywhere"))).toBeLessThanOrEqual(3072);
  });

  it("puts Consent Mode's denied defaults first, opens the banner, and loads no tag before a choice", () => {
    const b = browser();
    expect((b.window.dataLayer as ArrayLike<unknown>[])[0]).toMatchObject({ 0: "consent", 1: "default", 2: { ...DENIED, wait_for_update: 500 } });
    expect(b.consentCalls()).toHaveLength(1);
    expect(b.attrs["data-consent"]).toBe("ask");
    expect(b.appended).toEqual([]);
  });

  it("stores Accept all for 6 months with the banner's version, tells Google, and starts Tag Manager", () => {
    const b = browser();
    b.press("all");
    expect(b.consentCalls()).toEqual([
      ["consent", "default", { ...DENIED, wait_for_update: 500 }],
      ["consent", "update", GRANTED],
    ]);
    expect(b.appended).toEqual([{ async: true, src: "https://www.googletagmanager.com/gtm.js?id=GTM-TEST123", nonce: "n0nce" }]);
    expect(b.attrs["data-consent"]).toBe("done");
    const [line] = b.jar.written;
    expect(line).toMatch(new RegExp(`^consent=${CONSENT_VERSION}\\.11\\.\\d+;path=/;expires=[^;]+;samesite=lax;secure$`));
    const expires = new Date(/expires=([^;]+)/.exec(line!)![1]!).getTime();
    expect(expires - Date.now()).toBeGreaterThan(180 * 86_400_000);
    expect(expires - Date.now()).toBeLessThan(185 * 86_400_000);
  });

  it("stores Reject all and keeps Tag Manager out, and a chosen category alone", () => {
    const rejected = browser();
    rejected.press("none");
    expect(rejected.consentCalls()[1]).toEqual(["consent", "update", DENIED]);
    expect(rejected.appended).toEqual([]);
    expect(rejected.jar.value).toMatch(/\.00\.\d+$/);

    const chosen = browser();
    chosen.press("choose");
    expect(chosen.attrs["data-consent"]).toBe("choose");
    chosen.boxes.analytics!.checked = true;
    chosen.press("save");
    expect(chosen.consentCalls()[1]).toEqual(["consent", "update", { ...DENIED, analytics_storage: "granted" }]);
    expect(chosen.appended).toHaveLength(1);
  });

  it("follows a stored choice on the next page, and asks again when the banner's text has changed", () => {
    const accepted = browser({ cookie: `cart=abc; consent=${CONSENT_VERSION}.01.1790000000` });
    expect(accepted.consentCalls()[1]).toEqual(["consent", "update", { ...GRANTED, analytics_storage: "denied" }]);
    expect(accepted.attrs["data-consent"]).toBe("done");
    expect(accepted.appended).toHaveLength(1);

    const rejected = browser({ cookie: `consent=${CONSENT_VERSION}.00.1790000000` });
    expect([rejected.attrs["data-consent"], rejected.appended.length]).toEqual(["done", 0]);

    const old = browser({ cookie: "consent=0ldtext.11.1790000000" });
    expect([old.attrs["data-consent"], old.appended.length, old.consentCalls().length]).toEqual(["ask", 0, 1]);
  });

  it("reopens from the footer with the visitor's own choice ticked, and changes it", () => {
    const b = browser({ cookie: `consent=${CONSENT_VERSION}.10.1790000000` });
    b.press("open");
    expect(b.attrs["data-consent"]).toBe("choose");
    expect([b.boxes.analytics!.checked, b.boxes.marketing!.checked]).toEqual([true, false]);
    b.press("none");
    expect(b.consentCalls().at(-1)).toEqual(["consent", "update", DENIED]);
    expect(b.jar.value).toMatch(/\.00\.\d+$/);
  });

  it("never starts Tag Manager on a payment page", () => {
    const b = browser({ cookie: `consent=${CONSENT_VERSION}.11.1790000000`, pathname: "/checkout" });
    expect(b.consentCalls()[1]).toEqual(["consent", "update", GRANTED]);
    expect(b.appended).toEqual([]);
  });

  it("asks by country when the store says so: the banner where the law requires it, measurement elsewhere", async () => {
    const eu = browser({ scope: "region", country: { required: true } });
    expect(eu.attrs["data-consent"]).toBe("wait");
    await eu.settle();
    expect([eu.attrs["data-consent"], eu.appended.length]).toEqual(["ask", 0]);

    const us = browser({ scope: "region", country: { required: false } });
    await us.settle();
    expect(us.attrs["data-consent"]).toBe("done");
    expect(us.consentCalls()[1]).toEqual(["consent", "update", GRANTED]);
    expect(us.appended).toHaveLength(1);
    expect(us.jar.written).toEqual([]);
  });
});
