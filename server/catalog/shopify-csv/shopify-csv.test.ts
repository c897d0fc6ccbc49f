import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { createApiClient } from "../../test/api-client";
import { registerShopper } from "../../test/accounts-helpers";
import { signedInAdmin } from "../../test/admin-helpers";
import { startTestServer, type TestServer } from "../../test/test-server";
import { fetchImage } from "../../media/fetch-image";
import { htmlToText } from "./html-text";
import { parseCents, parseGrams, parseShopifyCsv } from "./parse-shopify-csv";

const fixture = (name: string) => readFileSync(join(import.meta.dirname, "fixtures", name), "utf8");
const classic = fixture("shopify-classic.csv");
const withoutBadRow = classic.split("\n").filter((l) => !l.startsWith("broken-tee,")).join("\n");

describe("reading a Shopify CSV", () => {
  it("groups rows by handle, reads options, Default Title products, image rows, quotes and multi-line HTML", () => {
    const parsed = parseShopifyCsv(classic);
    expect(parsed.products).toHaveLength(22);
    expect(parsed.unknownColumns).toEqual([]);
    const tee = parsed.products.find((p) => p.handle === "harbor-crew-tee")!;
    expect(tee.variants.map((v) => `${v.color}/${v.size}`)).toEqual(["Black/S", "Black/M", "Black/L", "White/S", "White/M", "White/L"]);
    expect(tee.images).toHaveLength(2); // its first row's image and an image-only row
    expect(tee.cells.body).toContain('"pre-washed"');
    expect(tee.variants.map((v) => v.weightGrams)).toEqual([300, 300, 300, 300, 300, 300]);
    const socks = parsed.products.find((p) => p.handle === "drift-socks-3-pack")!;
    expect(socks.variants).toMatchObject([{ color: "Default", size: "One Size", priceCents: 1500 }]);
    expect(parsed.refusals).toEqual([{ line: 184, column: "Variant Price", handle: "broken-tee", reason: "'twelve' is not a price" }]);
  });

  it("reads the current header set too, and lists columns it does not use without failing", () => {
    const parsed = parseShopifyCsv(fixture("shopify-current.csv").replace("Title,URL handle", "Title,Mood,URL handle").replace(/\n([^\n]*)/g, (_m, line: string) => `\n${line.replace(/^([^,]*),/, "$1,,")}`));
    expect(parsed.unknownColumns).toEqual(["Mood"]);
    expect(parsed.products.map((p) => p.handle)).toEqual(["fjord-rain-parka", "glacier-base-layer"]);
    expect(parsed.products[0]!.variants.map((v) => v.priceCents)).toEqual([114900, 114900]);
    expect(parsed.products[0]!.variants.map((v) => v.weightGrams)).toEqual([null, null]); // Weight value (grams), blank
  });

  it("names the line and column of what it cannot take", () => {
    const refusals = parseShopifyCsv("Handle,Title,Option1 Name,Option1 Value,Variant Price,Variant Inventory Qty\nBad Handle,X,Size,M,10,1\nok,Ok,Material,Wool,10,1\nok2,Ok2,Size,M,10,lots\n").refusals;
    expect(refusals).toEqual([
      { line: 2, column: "Handle", handle: "Bad Handle", reason: "'Bad Handle' is not a handle (lowercase letters, digits and dashes)" },
      { line: 3, column: "Option1 Name", handle: "ok", reason: "Option 'material' is not supported: this store's options are colour and size" },
      { line: 4, column: "Variant Inventory Qty", handle: "ok2", reason: "'lots' is not a whole number of units" },
    ]);
    expect(parseShopifyCsv('Handle,Title\n"unclosed,x\n').refusals[0]!.reason).toMatch(/^The file is not valid CSV/);
    expect(parseShopifyCsv("Name,Price\nx,1\n").refusals[0]!.reason).toBe("No Handle (or URL handle) column: is this a Shopify product CSV?");
  });

  it("reads Variant Grams as whole grams, and refuses any other weight by line", () => {
    expect([parseGrams("300"), parseGrams(" 0 "), parseGrams("1000000"), parseGrams("250.0"), parseGrams("")]).toEqual([300, 0, 1_000_000, 250, null]);
    expect([parseGrams("-5"), parseGrams("12.5"), parseGrams("1000001"), parseGrams("0.3 kg"), parseGrams("1e3")]).toEqual([Number.NaN, Number.NaN, Number.NaN, Number.NaN, Number.NaN]);
    const csv = ["Handle,Title,Option1 Name,Option1 Value,Variant Price,Variant Grams", "w,W,Size,S,10,-5", "w,,,M,10,12.5", "w,,,L,10,heavy", "w,,,XL,10,", "w,,,XXL,10,900"].join("\n");
    const parsed = parseShopifyCsv(csv);
    expect(parsed.refusals).toEqual([
      { line: 2, column: "Variant Grams", handle: "w", reason: "'-5' is not a weight: give whole grams from 0 to 1000000" },
      { line: 3, column: "Variant Grams", handle: "w", reason: "'12.5' is not a weight: give whole grams from 0 to 1000000" },
      { line: 4, column: "Variant Grams", handle: "w", reason: "'heavy' is not a weight: give whole grams from 0 to 1000000" },
    ]);
    expect(parsed.products[0]!.variants.map((v) => [v.size, v.weightGrams])).toEqual([["XL", null], ["XXL", 900]]);
    // No weight column at all: the weight is left as it is.
    expect(parseShopifyCsv("Handle,Title,Option1 Name,Option1 Value,Variant Price\nw,W,Size,S,10\n").products[0]!.variants[0]!.weightGrams).toBeUndefined();
  });

  it("reads prices exactly and keeps only the words of HTML", () => {
    expect([parseCents("24"), parseCents("1,149.00"), parseCents("$9.5"), parseCents(""), parseCents("abc")]).toEqual([2400, 114900, 950, null, Number.NaN]);
    expect(htmlToText("<p>Soft &amp; warm</p><ul><li>One</li><li>Two</li></ul><script>alert(1)</script><img src=x onerror=alert(1)>")).toBe("Soft & warm\n\n• One\n• Two");
  });
});

describe("POST /api/admin/catalog/import and GET /api/admin/catalog.csv", () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await signedInAdmin(server);
  });
  afterAll(() => server?.close());

  const productCount = async () => (await admin.get("/api/admin/products")).body.total as number;

  it("dry run: reports what it would create and refuse, with line numbers, and writes nothing", async () => {
    const before = await productCount();
    const res = await admin.post("/api/admin/catalog/import", { csv: classic, dryRun: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dryRun: true, imported: false, rows: 78, updated: [], unchanged: [], unknownColumns: [] });
    expect(res.body.created).toHaveLength(21);
    expect(res.body.created[0]).toEqual({ handle: "harbor-crew-tee", title: "Harbor Crew Tee", variants: 6 });
    expect(res.body.refused).toEqual([{ line: 184, column: "Variant Price", handle: "broken-tee", reason: "'twelve' is not a price" }]);
    expect(res.body.photos).toBe(27);
    expect(await productCount()).toBe(before);
  });

  it("a real import with a refused line writes nothing and says why", async () => {
    const before = await productCount();
    const res = await admin.post("/api/admin/catalog/import", { csv: classic, dryRun: false });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("1 line is refused; nothing was imported");
    expect(res.body.refused).toHaveLength(1);
    expect(await productCount()).toBe(before);
  });

  it("imports all products in one go, safely, and a second import of the same file changes nothing", async () => {
    const before = await productCount();
    const res = await admin.post("/api/admin/catalog/import", { csv: withoutBadRow, dryRun: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imported: true, refused: [] });
    expect(await productCount()).toBe(before + 21);
    const dress = (await admin.get(`/api/admin/products?q=meadow-wrap-dress`)).body.products[0];
    expect(dress).toMatchObject({ status: "draft", category: "women", subcategory: "dresses", price: 84 });
    const tee = (await admin.get(`/api/admin/products?q=harbor-crew-tee`)).body.products[0];
    const detail = (await admin.get(`/api/admin/products/${tee.id}`)).body;
    expect(detail.product).toMatchObject({ name: "Harbor Crew Tee", category: "men", subcategory: "t-shirts", garment: "tshirt", tags: ["men", "cotton"], status: "active" });
    expect(detail.product.description).toBe('The harbor crew tee, made to last.\n\n• Garment-dyed, "pre-washed"\n• Fits true to size, runs long');
    expect(detail.variants[0]).toMatchObject({ sku: "SHP-00-00", color: "Black", size: "S", weightGrams: 300 });
    const storefront = (await createApiClient(server.url).get(`/api/products/${tee.id}`)).body;
    expect(storefront).toMatchObject({ name: "Harbor Crew Tee", price: 24 });

    const audits = await server.database.db.$count(auditLog);
    const again = await admin.post("/api/admin/catalog/import", { csv: withoutBadRow, dryRun: false });
    expect(again.body).toMatchObject({ imported: true, created: [], updated: [] });
    expect(again.body.unchanged).toHaveLength(21);
    expect(await productCount()).toBe(before + 21);
    expect(await server.database.db.$count(auditLog)).toBe(audits);
  });

  it("updates by handle: a changed price and stock show in the dry run and then in the store", async () => {
    const changed = withoutBadRow.replace(/^(harbor-crew-tee,Harbor Crew Tee,(?:[^\n]*\n){5}[^\n]*?)SHP-00-00,300,shopify,\d+,/m, "$1SHP-00-00,300,shopify,99,");
    const dry = (await admin.post("/api/admin/catalog/import", { csv: changed.replaceAll(",24.00,", ",26.00,"), dryRun: true })).body;
    expect(dry.updated).toEqual([{ handle: "harbor-crew-tee", changes: ["price of 6 variants", "stock, SKU or barcode of 1 variant"] }]);
    await admin.post("/api/admin/catalog/import", { csv: changed.replaceAll(",24.00,", ",26.00,"), dryRun: false });
    const tee = (await admin.get(`/api/admin/products?q=harbor-crew-tee`)).body.products[0];
    expect(tee.price).toBe(26);
    expect((await admin.get(`/api/admin/products/${tee.id}`)).body.variants[0].onHand).toBe(99);
  });

  it("each variant keeps its own price and compare-at price; the product shows the lowest", async () => {
    const csv = [
      "Handle,Title,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant Price,Variant Compare At Price,Variant Inventory Qty",
      "priced-tee,Priced Tee,Color,Black,Size,M,30.00,,5",
      "priced-tee,,,Black,,XL,34.00,40.00,5",
      "priced-tee,,,White,,M,28.00,28.00,5",
    ].join("\n");
    const dry = (await admin.post("/api/admin/catalog/import", { csv, dryRun: true })).body;
    expect(dry.warnings).toEqual([{ line: 4, column: "Variant Compare At Price", handle: "priced-tee", reason: "White / M: the compare-at price is not above the price, so it is not shown as on sale" }]);
    await admin.post("/api/admin/catalog/import", { csv, dryRun: false });
    const { id, price, compareAtPrice } = (await admin.get("/api/admin/products?q=priced-tee")).body.products[0];
    expect([price, compareAtPrice]).toEqual([28, null]);
    const product = (await createApiClient(server.url).get(`/api/products/${id}`)).body;
    expect(product.variants.map((v: { color: string; size: string; price: number; compareAtPrice: number | null }) => [v.color, v.size, v.price, v.compareAtPrice])).toEqual([
      ["Black", "M", 30, null],
      ["Black", "XL", 34, 40],
      ["White", "M", 28, null],
    ]);
    const again = (await admin.post("/api/admin/catalog/import", { csv, dryRun: false })).body;
    expect(again.unchanged).toEqual(["priced-tee"]);
    const exported = (await admin.get("/api/admin/catalog.csv")).text.split("\n").filter((l: string) => l.startsWith("priced-tee,"));
    expect(exported.map((l: string) => l.match(/,(\d+\.\d\d),(\d+\.\d\d)?,/)?.slice(1, 3))).toEqual([["30.00", undefined], ["34.00", "40.00"], ["28.00", undefined]]);
  });

  it("Variant Grams: set, changed and cleared by an import, refused by line in the dry run, and written back by the export", async () => {
    const csv = (grams: [string, string]) =>
      ["Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Grams,Variant Weight Unit", `weighed-tee,Weighed Tee,Size,M,WT-M,20,${grams[0]},kg`, `weighed-tee,,,L,WT-L,20,${grams[1]},kg`].join("\n");
    expect((await admin.post("/api/admin/catalog/import", { csv: csv(["180", "210"]), dryRun: false })).status).toBe(200);
    const { id } = (await admin.get("/api/admin/products?q=weighed-tee")).body.products[0];
    const weights = async () => (await admin.get(`/api/admin/products/${id}`)).body.variants.map((v: { weightGrams: number | null }) => v.weightGrams);
    expect(await weights()).toEqual([180, 210]);
    const exportedRows = async () => (parse((await admin.get("/api/admin/catalog.csv")).text, { columns: true }) as Record<string, string>[]).filter((r) => r.Handle === "weighed-tee");
    expect((await exportedRows()).map((r) => [r["Variant SKU"], r["Variant Grams"]])).toEqual([["WT-M", "180"], ["WT-L", "210"]]);

    const refused = await admin.post("/api/admin/catalog/import", { csv: csv(["-180", "210.5"]), dryRun: true });
    expect(refused.body.refused).toEqual([
      { line: 2, column: "Variant Grams", handle: "weighed-tee", reason: "'-180' is not a weight: give whole grams from 0 to 1000000" },
      { line: 3, column: "Variant Grams", handle: "weighed-tee", reason: "'210.5' is not a weight: give whole grams from 0 to 1000000" },
    ]);
    expect((await admin.post("/api/admin/catalog/import", { csv: csv(["-180", "210.5"]), dryRun: false })).status).toBe(400);
    expect(await weights()).toEqual([180, 210]);

    expect((await admin.post("/api/admin/catalog/import", { csv: csv(["180", "250"]), dryRun: true })).body.updated).toEqual([{ handle: "weighed-tee", changes: ["weight of 1 variant"] }]);
    // A blank cell: the weight is not known; a file without the column keeps the weights.
    await admin.post("/api/admin/catalog/import", { csv: csv(["180", ""]), dryRun: false });
    expect(await weights()).toEqual([180, null]);
    expect((await exportedRows()).map((r) => r["Variant Grams"])).toEqual(["180", ""]);
    const noColumn = "Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price\nweighed-tee,Weighed Tee,Size,M,WT-M,20\nweighed-tee,,,L,WT-L,20\n";
    expect((await admin.post("/api/admin/catalog/import", { csv: noColumn, dryRun: false })).body.unchanged).toEqual(["weighed-tee"]);
    expect(await weights()).toEqual([180, null]);
  });

  it("a blank cell in a column the file has clears it; a column the file lacks keeps the value", async () => {
    const csv = (tags: string) => `Handle,Title,Tags,Option1 Name,Option1 Value,Variant Price\nblank-tee,Blank Tee,${tags},Size,M,20\n`;
    await admin.post("/api/admin/catalog/import", { csv: csv('"a, b"'), dryRun: false });
    const id = (await admin.get("/api/admin/products?q=blank-tee")).body.products[0].id;
    const tagsOf = async () => (await admin.get(`/api/admin/products/${id}`)).body.product.tags;
    expect(await tagsOf()).toEqual(["a", "b"]);
    await admin.post("/api/admin/catalog/import", { csv: "Handle,Title,Option1 Name,Option1 Value,Variant Price\nblank-tee,Blank Tee,Size,M,20\n", dryRun: false });
    expect(await tagsOf()).toEqual(["a", "b"]);
    const cleared = await admin.post("/api/admin/catalog/import", { csv: csv(""), dryRun: false });
    expect(cleared.body.updated).toEqual([{ handle: "blank-tee", changes: ["tags"] }]);
    expect(await tagsOf()).toEqual([]);
  });

  it("the current header set imports too", async () => {
    const res = await admin.post("/api/admin/catalog/import", { csv: fixture("shopify-current.csv"), dryRun: false, defaultCollection: "women" });
    expect(res.status).toBe(200);
    const parka = (await admin.get("/api/admin/products?q=fjord-rain-parka")).body.products[0];
    expect(parka).toMatchObject({ price: 1149, status: "active", category: "women", subcategory: null });
    expect((await admin.get("/api/admin/products?q=glacier-base-layer")).body.products[0]).toMatchObject({ status: "draft", price: 64.5, subcategory: "tops" });
  });

  it("exporting and importing into an empty store gives the same catalogue", async () => {
    const exported = await admin.get("/api/admin/catalog.csv");
    const exportedWeights = (parse(exported.text, { columns: true }) as Record<string, string>[]).map((r) => r["Variant Grams"]).filter(Boolean);
    expect(new Set(exportedWeights)).toEqual(new Set(["300", "180"])); // the classic file's and the weighed tee's
    expect(exported.headers.get("content-disposition")).toMatch(/^attachment; filename="vsop-apparel-products-\d{4}-\d{2}-\d{2}\.csv"$/);
    const empty = await startTestServer();
    try {
      await empty.database.db.execute(sql`delete from variants`);
      await empty.database.db.execute(sql`delete from products`);
      const staff = await signedInAdmin(empty);
      const res = await staff.post("/api/admin/catalog/import", { csv: exported.text, dryRun: false });
      expect(res.body.refused).toEqual([]);
      expect(res.body.imported).toBe(true);
      expect((await staff.get("/api/admin/catalog.csv")).text).toBe(exported.text);
      const tee = (await staff.get("/api/admin/products?q=harbor-crew-tee")).body.products[0];
      expect((await staff.get(`/api/admin/products/${tee.id}`)).body.variants.every((v: { weightGrams: number | null }) => v.weightGrams === 300)).toBe(true);
    } finally {
      await empty.close();
    }
  });

  it("refuses bad requests, customers and visitors", async () => {
    expect((await admin.post("/api/admin/catalog/import", { csv: "", dryRun: true })).body.message).toBe("Invalid import: csv: The file is empty");
    expect((await admin.post("/api/admin/catalog/import", { csv: "Handle\n", dryRun: "yes" })).status).toBe(400);
    expect((await admin.post("/api/admin/catalog/import", { csv: withoutBadRow, dryRun: true, defaultCollection: "pets" })).body.message).toBe("Unknown collection 'pets'");
    expect((await createApiClient(server.url).post("/api/admin/catalog/import", { csv: "x", dryRun: true })).status).toBe(401);
    expect((await createApiClient(server.url).get("/api/admin/catalog.csv")).status).toBe(401);
    const customer = createApiClient(server.url);
    await registerShopper(customer);
    expect((await customer.post("/api/admin/catalog/import", { csv: "x", dryRun: true })).status).toBe(403);
  });
});

describe("photos in an import", () => {
  let server: TestServer;
  let images: Server;
  let base: string;
  beforeAll(async () => {
    // A local image server: allowed by name (as IMPORT_IMAGE_HOSTS would), since 127.0.0.1 is otherwise refused.
    const jpeg = await sharp({ create: { width: 800, height: 1000, channels: 3, background: "#557" } }).jpeg().toBuffer();
    const red = await sharp({ create: { width: 800, height: 1000, channels: 3, background: "#a22" } }).jpeg().toBuffer();
    images = createServer((req, res) => {
      if (req.url === "/tee.jpg") return res.writeHead(200, { "content-type": "image/jpeg" }).end(jpeg);
      if (req.url === "/red.jpg") return res.writeHead(200, { "content-type": "image/jpeg" }).end(red);
      if (req.url === "/moved.jpg") return res.writeHead(302, { location: "/tee.jpg" }).end();
      if (req.url === "/page.html") return res.writeHead(200, { "content-type": "text/html" }).end("<html>not a photo</html>");
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => images.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
    server = await startTestServer({ importImageHosts: ["127.0.0.1"] });
  });
  afterAll(async () => {
    await server?.close();
    images?.close();
  });

  it("fetches reachable photos, reports each one it can't take by line, and adds nothing twice", async () => {
    const admin = await signedInAdmin(server);
    const csv = [
      "Handle,Title,Type,Tags,Option1 Name,Option1 Value,Variant Price,Variant Inventory Qty,Image Src,Image Alt Text",
      `photo-tee,Photo Tee,T-Shirts,men,Size,M,20,5,${base}/tee.jpg,Photo Tee on a hanger`,
      `photo-tee,,,,,,,,${base}/moved.jpg,`,
      `photo-tee,,,,,,,,${base}/page.html,`,
      `photo-tee,,,,,,,,${base}/missing.jpg,`,
      "photo-tee,,,,,,,,http://169.254.169.254/latest/meta-data,",
      "photo-tee,,,,,,,,ftp://example.com/tee.jpg,",
    ].join("\n");
    const dry = (await admin.post("/api/admin/catalog/import", { csv, dryRun: true })).body;
    expect(dry.photos).toBe(6);
    const res = await admin.post("/api/admin/catalog/import", { csv, dryRun: false });
    expect(res.status).toBe(200);
    expect(res.body.photos, JSON.stringify(res.body.warnings)).toBe(2);
    expect(res.body.warnings.map((w: { line: number; reason: string }) => [w.line, w.reason.replace(/^Photo not imported \([^)]*\): /, "")])).toEqual([
      [4, "That file is not an image we can read: upload a JPEG, PNG, WebP or AVIF photo"],
      [5, "the server answered 404"],
      [6, "169.254.169.254 is a private or local address (169.254.169.254), which imports may not reach"],
      [7, "only http and https addresses are fetched, not ftp"],
    ]);
    const { id } = (await admin.get("/api/admin/products?q=photo-tee")).body.products[0];
    const product = (await createApiClient(server.url).get(`/api/products/${id}`)).body;
    // The redirect led to the same bytes as the first photo: stored once, shown once.
    expect(product.photos).toEqual([{ key: expect.stringMatching(/^[a-f0-9]{24}$/), alt: "Photo Tee on a hanger", color: null, width: 800, height: 1000, widths: [320, 640, 800] }]);
    expect(product.image).toMatch(/^\/media\/[a-f0-9]{24}-800\.jpg$/);
    await admin.post("/api/admin/catalog/import", { csv, dryRun: false });
    expect((await createApiClient(server.url).get(`/api/products/${id}`)).body.photos).toHaveLength(1);
  });

  it("a Variant Image is the photo of that variant's colour, and the export names it again", async () => {
    const admin = await signedInAdmin(server);
    const csv = [
      "Handle,Title,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant Price,Image Src,Image Position,Variant Image",
      `two-tone-tee,Two Tone Tee,Color,Navy,Size,M,20,${base}/tee.jpg,1,`,
      `two-tone-tee,,,Red,,M,20,,,${base}/red.jpg`,
      `two-tone-tee,,,Red,,L,20,,,${base}/red.jpg`,
    ].join("\n");
    const res = await admin.post("/api/admin/catalog/import", { csv, dryRun: false });
    expect(res.body.photos, JSON.stringify(res.body.warnings)).toBe(2);
    const { id } = (await admin.get("/api/admin/products?q=two-tone-tee")).body.products[0];
    const product = (await createApiClient(server.url).get(`/api/products/${id}`)).body;
    expect(product.photos.map((p: { alt: string; color: string | null }) => [p.alt, p.color])).toEqual([
      ["Two Tone Tee", null],
      ["Two Tone Tee in Red", "Red"],
    ]);
    const rows = (await admin.get("/api/admin/catalog.csv")).text.split("\n").filter((l: string) => l.startsWith("two-tone-tee,"));
    const redPhoto = `http://store.test/media/${product.photos[1].key}-800.jpg`;
    // Its image cell (on the second row), then the Variant Image of both Red variants.
    expect(rows.join("\n").split(redPhoto)).toHaveLength(4);
    expect(rows[2]).toContain(`,${redPhoto},`);
  });

  it("refuses loopback and private hosts unless they are allowed", async () => {
    await expect(fetchImage(`${base}/tee.jpg`)).rejects.toThrow("127.0.0.1 is a private or local address (127.0.0.1), which imports may not reach");
    await expect(fetchImage("http://[::1]:9/x.jpg")).rejects.toThrow(/private or local address/);
    await expect(fetchImage("http://user:pw@example.com/x.jpg")).rejects.toThrow("addresses with a user name or password are not fetched");
    expect((await fetchImage(`${base}/moved.jpg`, { allowHosts: ["127.0.0.1"] })).length).toBeGreaterThan(100);
    await expect(fetchImage(`${base}/tee.jpg`, { allowHosts: ["127.0.0.1"], maxBytes: 100 })).rejects.toThrow("the image is over 20 MB");
  });
});
