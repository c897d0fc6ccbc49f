import { afterEach, describe, expect, it } from "vitest";
import { absoluteUrl, mediaBaseScript, photoJpeg, photoUrl, setMediaBase, storedMediaUrl } from "./photo-urls";

describe("photo links (decision 0053)", () => {
  afterEach(() => setMediaBase(null));
  const photo = { key: "0123456789abcdef01234567", widths: [320, 640] };

  it("link to the store's /media when MEDIA_PUBLIC_URL is not set", () => {
    expect(photoUrl(photo.key, 320, "avif")).toBe(`/media/${photo.key}-320.avif`);
    expect(absoluteUrl("https://shop.test", photoJpeg(photo))).toBe(`https://shop.test/media/${photo.key}-640.jpg`);
    expect(mediaBaseScript()).toBe("");
  });

  it("link to MEDIA_PUBLIC_URL when set, absolute links and stored rich-text images too", () => {
    setMediaBase("https://cdn.shop.test/photos/");
    expect(photoJpeg(photo, 320)).toBe(`https://cdn.shop.test/photos/${photo.key}-320.jpg`);
    expect(absoluteUrl("https://shop.test", photoJpeg(photo))).toBe(`https://cdn.shop.test/photos/${photo.key}-640.jpg`);
    expect(absoluteUrl("https://shop.test", "/og/default.png")).toBe("https://shop.test/og/default.png");
    expect(storedMediaUrl(`/media/${photo.key}-640.webp`)).toBe(`https://cdn.shop.test/photos/${photo.key}-640.webp`);
    expect(storedMediaUrl("/images/x.svg")).toBe("/images/x.svg");
    expect(mediaBaseScript()).toBe('globalThis.__mediaBase="https://cdn.shop.test/photos";');
  });

  it("never lets the setting close the boot script", () => {
    setMediaBase("https://cdn.shop.test/</script><script>alert(1)</script>");
    expect(mediaBaseScript()).not.toContain("</script>");
  });
});
