import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "../test/api-client";
import { registerShopper } from "../test/accounts-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import { relyingParty } from "./passkeys";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const client = () => createApiClient(server.url);
const forged = { id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: "e30", attestationObject: "e30" }, clientExtensionResults: {} };

describe("passkeys", () => {
  it("takes the relying party from PUBLIC_URL", () => {
    expect(relyingParty("https://shop.example.com:8443/x")).toEqual({ rpID: "shop.example.com", origin: "https://shop.example.com:8443" });
  });

  it("registration options name the store and the account, ask for a discoverable passkey, and exclude none yet", async () => {
    const shopper = client();
    const { username } = await registerShopper(shopper);
    const res = await shopper.post("/api/account/passkeys/options", {});
    expect(res.body.ceremonyId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.options).toMatchObject({ rp: { name: "VSOP Apparel", id: "store.test" }, user: { name: username }, excludeCredentials: [], authenticatorSelection: { residentKey: "required" } });
    expect(res.body.options.challenge).toMatch(/^[A-Za-z0-9_-]{43,}$/);
  });

  it("a challenge works once and for 5 minutes; a forged answer is refused without a trace of whose it was", async () => {
    const shopper = client();
    await registerShopper(shopper);
    const { ceremonyId } = (await shopper.post("/api/account/passkeys/options", {})).body;
    expect((await shopper.post("/api/account/passkeys", { ceremonyId, response: forged })).body.message).toBe("The passkey could not be checked. Please try again.");
    expect((await shopper.post("/api/account/passkeys", { ceremonyId, response: forged })).body.message).toBe("That passkey request has expired. Please try again.");
    const late = (await shopper.post("/api/account/passkeys/options", {})).body.ceremonyId;
    server.clock.now = new Date(server.clock.now.getTime() + 6 * 60_000);
    expect((await shopper.post("/api/account/passkeys", { ceremonyId: late, response: forged })).body.message).toBe("That passkey request has expired. Please try again.");
    server.clock.now = new Date();

    const signIn = (await client().post("/api/auth/passkey/options", {})).body;
    expect(signIn.options).toMatchObject({ rpId: "store.test" });
    expect(signIn.options.allowCredentials ?? []).toEqual([]); // any of the store's passkeys
    const refused = await client().post("/api/auth/passkey", { ceremonyId: signIn.ceremonyId, response: { ...forged, response: { clientDataJSON: "e30", authenticatorData: "e30", signature: "e30" } } });
    expect([refused.status, refused.body.message]).toEqual([401, "That passkey didn't work. Try again, or sign in with your password."]);
    // A registration ceremony can't be used to sign in, nor one user's for another.
    const other = client();
    await registerShopper(other);
    const mine = (await shopper.post("/api/account/passkeys/options", {})).body.ceremonyId;
    expect((await other.post("/api/account/passkeys", { ceremonyId: mine, response: forged })).body.message).toBe("That passkey request has expired. Please try again.");
  });

  it("lists none, refuses to remove another's, and validates input", async () => {
    const shopper = client();
    await registerShopper(shopper);
    expect((await shopper.get("/api/account/passkeys")).body).toEqual({ passkeys: [] });
    expect((await shopper.delete("/api/account/passkeys/AAAA")).status).toBe(404);
    expect((await shopper.post("/api/account/passkeys", { ceremonyId: "x", response: forged })).body.message).toBe("Invalid passkey: ceremonyId: must be the id the options call answered with");
    expect((await client().post("/api/auth/passkey", { ceremonyId: crypto.randomUUID(), response: { ...forged, type: "password" } })).status).toBe(400);
    expect((await client().post("/api/account/passkeys/options", {})).status).toBe(401);
  });
});
