import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, setSecondFactorPrompt } from "./api";

/** A fetch that answers each call with the next of `answers` and remembers what it was asked. */
function fakeFetch(...answers: [number, unknown][]) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method!, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const [status, body] = answers.shift() ?? [500, { message: "no more answers" }];
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetch);
  return calls;
}

const stepUp = [403, { message: "Confirm it's you", code: "forbidden", reason: "step_up" }] as [number, unknown];
let removePrompt: (() => void) | null = null;

afterEach(() => {
  removePrompt?.();
  removePrompt = null;
  vi.unstubAllGlobals();
});

describe("apiRequest and the staff step-up (issue 29)", () => {
  it("asks for the second factor on a step-up refusal and tries the same call once more", async () => {
    const calls = fakeFetch(stepUp, [200, { refunded: true }]);
    const prompt = vi.fn(async () => true);
    removePrompt = setSecondFactorPrompt(prompt);
    await expect(apiRequest("POST", "/api/admin/orders/VS-1/refunds", { amountCents: 500 })).resolves.toEqual({ refunded: true });
    expect(prompt).toHaveBeenCalledExactlyOnceWith("step_up");
    expect(calls).toEqual([
      { url: "/api/admin/orders/VS-1/refunds", method: "POST", body: { amountCents: 500 } },
      { url: "/api/admin/orders/VS-1/refunds", method: "POST", body: { amountCents: 500 } },
    ]);
  });

  it("keeps the refusal when the person cancels, without calling again", async () => {
    const calls = fakeFetch(stepUp);
    removePrompt = setSecondFactorPrompt(async () => false);
    const error = await apiRequest("POST", "/api/admin/orders/VS-1/refunds", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).detail).toBe("Confirm it's you");
    expect(calls).toHaveLength(1);
  });

  it("retries only once: a second refusal is the answer", async () => {
    const calls = fakeFetch(stepUp, stepUp);
    const prompt = vi.fn(async () => true);
    removePrompt = setSecondFactorPrompt(prompt);
    await expect(apiRequest("DELETE", "/api/admin/staff/7")).rejects.toMatchObject({ status: 403 });
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
  });

  it("asks for a session's missing second factor too, but not for other 403s", async () => {
    fakeFetch([403, { message: "Finish signing in", code: "forbidden", reason: "second_factor" }], [200, {}]);
    const prompt = vi.fn(async () => true);
    removePrompt = setSecondFactorPrompt(prompt);
    await apiRequest("GET", "/api/admin/orders");
    expect(prompt).toHaveBeenCalledWith("second_factor");

    prompt.mockClear();
    fakeFetch([403, { message: "Your role (Fulfilment) doesn't allow this", code: "forbidden" }]);
    await expect(apiRequest("POST", "/api/admin/orders/VS-1/refunds", {})).rejects.toMatchObject({ status: 403 });
    fakeFetch([403, { message: "Set up two-step sign-in first", code: "forbidden", reason: "second_factor_setup" }]);
    await expect(apiRequest("GET", "/api/admin/orders")).rejects.toMatchObject({ status: 403 });
    expect(prompt).not.toHaveBeenCalled();
  });

  it("never prompts around the calls that give the factor", async () => {
    fakeFetch(stepUp);
    const prompt = vi.fn(async () => true);
    removePrompt = setSecondFactorPrompt(prompt);
    await expect(apiRequest("POST", "/api/admin/security/verify", { code: "123456", purpose: "step-up" })).rejects.toMatchObject({ status: 403 });
    expect(prompt).not.toHaveBeenCalled();
  });

  it("without the staff frame's prompt (a shopper's page) a refusal is thrown as before", async () => {
    const calls = fakeFetch(stepUp);
    await expect(apiRequest("POST", "/api/admin/orders/VS-1/refunds", {})).rejects.toMatchObject({ status: 403, body: { reason: "step_up" } });
    expect(calls).toHaveLength(1);
  });

  it("a removed prompt is no longer asked, and removing an older one leaves the newer in place", async () => {
    const first = vi.fn(async () => true);
    const second = vi.fn(async () => true);
    const removeFirst = setSecondFactorPrompt(first);
    removePrompt = setSecondFactorPrompt(second);
    removeFirst();
    fakeFetch(stepUp, [200, { ok: true }]);
    await apiRequest("POST", "/api/admin/security/recovery-codes");
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledOnce();
  });
});
