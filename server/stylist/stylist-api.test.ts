import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductDetail } from "../catalog/product-types";
import { createApiClient } from "../test/api-client";
import { startTestServer, type TestServer } from "../test/test-server";
import { createLanguageModel } from "./language-model";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const post = (path: string, body: unknown) => createApiClient(server.url).post(path, body);

describe("POST /api/ai/style-recommendation", () => {
  it("suggests only black, in-stock catalogue items under $100 for colour Black and budget 'under 100'", async () => {
    const res = await post("/api/ai/style-recommendation", { userPreferences: { style: "streetwear", occasion: "casual", budget: "under 100", bodyType: "athletic", colorPreferences: ["Black"] } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ recommendation: expect.any(String), reasoning: expect.stringContaining("up to $100") });
    expect(res.body.confidence).toBeGreaterThan(0.5);
    expect(res.body.confidence).toBeLessThanOrEqual(1);
    expect(res.body.suggestedItems.length).toBeGreaterThanOrEqual(2);
    for (const item of res.body.suggestedItems) {
      expect(item.color).toBe("Black");
      expect(item.price).toBeLessThan(100);
      expect(item.url).toBe(`/product/${item.id}`);
      const product = (await createApiClient(server.url).get(`/api/products/${item.id}`)).body as ProductDetail;
      expect(product.name).toBe(item.name);
      expect(product.price).toBe(item.price);
      expect(product.variants.some((v) => v.color === "Black" && v.available > 0)).toBe(true);
    }
  });

  it("answers with no preferences at all (none are required)", async () => {
    const res = await post("/api/ai/style-recommendation", { userPreferences: {} });
    expect(res.status).toBe(200);
    expect(res.body.suggestedItems.length).toBeGreaterThan(0);
  });

  it("says when it had to relax a wish", async () => {
    const res = await post("/api/ai/style-recommendation", { userPreferences: { style: "luxury", budget: "under 5" } });
    expect(res.body.reasoning).toContain("relaxed your budget");
    expect(res.body.confidence).toBeLessThan(0.6);
  });

  it.each([
    [{ userPreferences: { style: "goth" } }, "style"],
    [{ userPreferences: { colorPreferences: ["Purple"] } }, "colorPreferences"],
    [{ userPreferences: { budget: 100 } }, "budget"],
    [{ userPreferences: {}, extra: 1 }, "Unknown field"],
    [{}, "userPreferences"],
  ])("refuses %j with a 400", async (body, mentions) => {
    const res = await post("/api/ai/style-recommendation", body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(mentions);
  });
});

describe("POST /api/ai/size-guidance", () => {
  it("answers M with tips for the spec's measurements, and a metric chest agrees", async () => {
    const res = await post("/api/ai/size-guidance", { measurements: { height: `5'10"`, weight: "160 lbs", chest: "38 in", waist: "32", preferredFit: "regular" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ recommendedSize: "M", fitDescription: expect.stringContaining("regular") });
    expect(res.body.tips.length).toBeGreaterThan(0);
    const metric = await post("/api/ai/size-guidance", { measurements: { height: `5'10"`, weight: "160 lbs", chest: "96 cm", waist: "32", preferredFit: "regular" } });
    expect(metric.body.recommendedSize).toBe("M");
  });

  it("never fails on missing or unreadable measurements", async () => {
    const res = await post("/api/ai/size-guidance", { measurements: { height: "tall", chest: "" } });
    expect(res.status).toBe(200);
    expect(res.body.tips.join(" ")).toContain("couldn't read your height");
  });

  it("refuses an unknown fit or a number where text belongs", async () => {
    expect((await post("/api/ai/size-guidance", { measurements: { preferredFit: "baggy" } })).status).toBe(400);
    expect((await post("/api/ai/size-guidance", { measurements: { chest: 38 } })).status).toBe(400);
  });
});

describe("POST /api/ai/outfit-ideas", () => {
  it("builds outfits around the chosen pieces with real catalogue items", async () => {
    const res = await post("/api/ai/outfit-ideas", { selectedItems: ["VSOP Premium Top", "VSOP Premium Shorts"] });
    expect(res.status).toBe(200);
    expect(res.body.outfitIdeas.length).toBeGreaterThanOrEqual(3);
    expect(res.body.outfitIdeas.join(" ")).toContain("VSOP Premium Hoodie");
    const catalogue = (await createApiClient(server.url).get("/api/products")).body as { name: string }[];
    const mentioned = catalogue.filter((p) => res.body.outfitIdeas.some((idea: string) => idea.includes(p.name)) && !/vsop/i.test(p.name));
    expect(mentioned.length).toBeGreaterThanOrEqual(2);
  });

  it("needs at least one known item", async () => {
    const none = await post("/api/ai/outfit-ideas", { selectedItems: [] });
    expect(none.status).toBe(400);
    expect(none.body.message).toContain("Choose at least one item");
    expect((await post("/api/ai/outfit-ideas", { selectedItems: ["VSOP Cape"] })).status).toBe(400);
  });
});

describe("with a language model", () => {
  async function fakeModel(reply: (body: { messages: { content: string }[] }) => unknown, delayMs = 0) {
    const fake = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString());
      await new Promise((r) => setTimeout(r, delayMs));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ choices: [{ message: { content: typeof reply(body) === "string" ? reply(body) : JSON.stringify(reply(body)) } }] }));
    });
    await new Promise<void>((r) => fake.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
    const withModel = await startTestServer({ languageModel: createLanguageModel({ apiKey: "test-key", baseUrl: url, model: "fake", timeoutMs: 300 }) });
    return { withModel, close: async () => (await withModel.close(), await new Promise((r) => fake.close(r))) };
  }

  it("uses a valid model answer that names listed in-stock products", async () => {
    const { withModel, close } = await fakeModel(() => ({ recommendation: "Go all black with the hoodie.", reasoning: "Black suits streetwear.", suggestedItemIds: [10], confidence: 0.8 }));
    try {
      const res = await createApiClient(withModel.url).post("/api/ai/style-recommendation", { userPreferences: { style: "streetwear", colorPreferences: ["Black"] } });
      expect(res.body).toMatchObject({ recommendation: "Go all black with the hoodie.", confidence: 0.8, suggestedItems: [expect.objectContaining({ id: 10, color: "Black" })] });
    } finally {
      await close();
    }
  });

  it.each([
    ["invented products", () => ({ recommendation: "x", reasoning: "y", suggestedItemIds: [999999], confidence: 0.9 })],
    ["invalid JSON", () => "not json"],
    ["the wrong shape", () => ({ advice: "wear clothes" })],
  ])("falls back to the built-in engine on %s", async (_what, reply) => {
    const { withModel, close } = await fakeModel(reply);
    try {
      const res = await createApiClient(withModel.url).post("/api/ai/style-recommendation", { userPreferences: { colorPreferences: ["Black"] } });
      expect(res.status).toBe(200);
      expect(res.body.suggestedItems.every((i: { color: string }) => i.color === "Black")).toBe(true);
      expect(res.body.recommendation).not.toBe("x");
    } finally {
      await close();
    }
  });

  it("falls back when the model is too slow, and keeps a size the chart knows", async () => {
    const { withModel, close } = await fakeModel(() => ({ recommendedSize: "L", fitDescription: "roomy", tips: [], confidence: 0.5 }), 1000);
    try {
      const res = await createApiClient(withModel.url).post("/api/ai/size-guidance", { measurements: { chest: "38 in", waist: "32" } });
      expect(res.body.recommendedSize).toBe("M");
    } finally {
      await close();
    }
  });
});

describe("rate limit", () => {
  it("allows 60 answers an hour per address", async () => {
    const limited = await startTestServer();
    try {
      const client = createApiClient(limited.url);
      for (let i = 0; i < 60; i++) expect((await client.post("/api/ai/size-guidance", { measurements: {} })).status).toBe(200);
      const over = await client.post("/api/ai/size-guidance", { measurements: {} });
      expect(over.status).toBe(429);
      expect(over.headers.get("retry-after")).toBeTruthy();
    } finally {
      await limited.close();
    }
  });
});
