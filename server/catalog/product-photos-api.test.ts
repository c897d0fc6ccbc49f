import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "../test/api-client";
import { registerShopper } from "../test/accounts-helpers";
import { signedInAdmin } from "../test/admin-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAdmin(server);
});
afterAll(() => server?.close());

const picture = (format: "jpeg" | "png" | "webp" | "avif", width = 1600, height = 2000) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } })[format]().toBuffer();

/** The upload as a browser sends it: the file's bytes, with the cookie jar of the staff client. */
async function upload(productId: number, body: Buffer | string, type: string, query = "") {
  const cookie = [...admin.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(`${server.url}/api/admin/products/${productId}/photos${query}`, { method: "POST", headers: { "content-type": type, cookie }, body: typeof body === "string" ? body : new Uint8Array(body) });
  return { status: res.status, body: await res.json() };
}

describe("product photos", () => {
  it("takes JPEG, PNG, WebP and AVIF, makes every width in AVIF, WebP and JPEG, and serves them for a year", async () => {
    const jpeg = await upload(3, await picture("jpeg"), "image/jpeg", "?color=Black&alt=" + encodeURIComponent("Shorts, front, on a model"));
    expect(jpeg.status).toBe(201);
    expect(jpeg.body.photo).toMatchObject({ productId: 3, position: 1, color: "Black", alt: "Shorts, front, on a model", width: 1600, height: 2000, widths: [320, 640, 960, 1440] });
    for (const [format, type] of [["png", "image/png"], ["webp", "image/webp"], ["avif", "image/avif"]] as const) {
      const res = await upload(3, await picture(format, 500, 600), type);
      expect(res.status, format).toBe(201);
      expect(res.body.photo.widths).toEqual([320, 500]);
    }
    const photos = (await upload(3, await picture("png", 700, 800), "application/octet-stream")).body.photos;
    expect(photos.map((p: { position: number }) => p.position)).toEqual([1, 2, 3, 4, 5]);
    expect(photos[1].alt).toBe("VSOP Premium Shorts, Black"); // the default: product name and its only colour

    const key = jpeg.body.photo.fileKey;
    for (const file of [`${key}-320.avif`, `${key}-960.webp`, `${key}-1440.jpg`]) {
      const res = await fetch(`${server.url}/media/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.width).toBe(Number(/-(\d+)\./.exec(file)![1]));
    }
    // The photos stand for the product in carts, orders and the Meta feed, not the drawing.
    const shopper = createApiClient(server.url);
    await shopper.post("/api/cart/items", { productId: 3, quantity: 1, color: "Black", size: "M" });
    expect((await shopper.get("/api/cart")).body.items[0].product.image).toBe(`/media/${key}-320.jpg`);
    const feed = (await admin.get("/api/instagram-shop/feed")).text.split("\n").find((l: string) => l.startsWith("VS-3-BLACK-M,"))!;
    expect(feed).toContain(`http://store.test/media/${key}-1440.jpg`);
    expect((await fetch(`${server.url}/media/${key}-2000.jpg`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/..%2F..%2Fpackage.json`)).status).toBe(404);
  });

  it("refuses SVG, files that are not images whatever their name or type, unknown colours, and oversize files", async () => {
    const svg = await upload(3, '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>', "image/svg+xml");
    expect(svg).toMatchObject({ status: 400, body: { message: "SVG images are not accepted: upload a JPEG, PNG, WebP or AVIF photo" } });
    const text = await upload(3, "just some text, named photo.jpg", "image/jpeg");
    expect(text.body.message).toBe("That file is not an image we can read: upload a JPEG, PNG, WebP or AVIF photo");
    const gif = await upload(3, await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } }).gif().toBuffer(), "image/gif");
    expect(gif.body.message).toBe("A gif image is not accepted: upload a JPEG, PNG, WebP or AVIF photo");
    expect((await upload(3, await picture("jpeg", 50, 50), "image/jpeg", "?color=Purple")).body.message).toBe("Colour 'Purple' is not one of this product's: Black");
    expect(await upload(3, Buffer.alloc(21 * 1024 * 1024), "image/jpeg")).toMatchObject({ status: 400, body: { message: "Request body is too large" } });
    expect((await upload(999_999, await picture("jpeg", 50, 50), "image/jpeg")).status).toBe(404);
    expect((await upload(3, await picture("jpeg", 50, 50), "text/plain")).status).toBe(403);
  });

  it("edits alt text and colour, reorders and deletes, all audited; refuses an empty alt text and others than staff", async () => {
    const photos = (await admin.get("/api/admin/products/3")).body.photos ?? (await upload(3, await picture("jpeg", 60, 60), "image/jpeg")).body.photos;
    const last = photos.at(-1);
    const moved = await admin.patch(`/api/admin/photos/${last.id}`, { position: 1, alt: "Shorts, back", color: null });
    expect(moved.status).toBe(200);
    expect(moved.body.photos[0]).toMatchObject({ id: last.id, alt: "Shorts, back", color: null, position: 1 });
    expect((await admin.patch(`/api/admin/photos/${last.id}`, { alt: "  " })).body.message).toBe("Invalid photo: alt: Alt text can't be empty: say what the photo shows");
    const removed = await admin.delete(`/api/admin/photos/${last.id}`);
    expect(removed.body.photos.map((p: { position: number }) => p.position)).toEqual(removed.body.photos.map((_: unknown, i: number) => i + 1));
    const actions = (await admin.get("/api/admin/audit?productId=3")).body.entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["photo-add", "photo-edit", "photo-delete"]));
    const customer = createApiClient(server.url);
    await registerShopper(customer);
    expect((await customer.delete(`/api/admin/photos/${photos[0].id}`)).status).toBe(403);
    const anonymous = await fetch(`${server.url}/api/admin/products/3/photos`, { method: "POST", headers: { "content-type": "image/jpeg" }, body: new Uint8Array(await picture("jpeg", 20, 20)) });
    expect(anonymous.status).toBe(401);
  });
});
