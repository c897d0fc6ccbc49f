import { Resvg } from "@resvg/resvg-js";
import { renderGarmentSvg } from "../catalog/images/render-image";
import { colorSlug } from "../catalog/images/palette";

/** 1200 × 630 PNG previews for link sharing (SPEC §1), drawn as SVG and rasterised with resvg. */
const WIDTH = 1200;
const HEIGHT = 630;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/** Splits a title into at most three lines of about `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if ((line + " " + word).trim().length > width && line) {
      lines.push(line);
      line = word;
    } else line = (line + " " + word).trim();
  }
  if (line) lines.push(line);
  return lines.length > 3 ? [...lines.slice(0, 2), `${lines.slice(2).join(" ").slice(0, width - 1)}…`] : lines;
}

function png(svg: string): Buffer {
  return new Resvg(svg, { font: { loadSystemFonts: true, defaultFontFamily: "DejaVu Sans" }, fitTo: { mode: "width", value: WIDTH } }).render().asPng();
}

export function renderDefaultSocialImage(): Buffer {
  const hoodie = Buffer.from(renderGarmentSvg({ garment: "set", color: "black", view: "front" })).toString("base64");
  return png(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
<rect width="${WIDTH}" height="${HEIGHT}" fill="#121316"/>
<circle cx="930" cy="315" r="260" fill="#f26b1d" opacity="0.18"/>
<image href="data:image/svg+xml;base64,${hoodie}" x="760" y="45" width="432" height="540"/>
<text x="70" y="150" font-size="28" font-weight="bold" letter-spacing="8" fill="#f26b1d">NEW · PRE-ORDER</text>
<text x="70" y="260" font-size="96" font-weight="bold" fill="#ffffff">VSOP</text>
<text x="70" y="350" font-size="56" font-weight="bold" fill="#ffffff">Apparel</text>
<text x="70" y="430" font-size="30" fill="#c9cbd0">Men's, women's and kids' clothing,</text>
<text x="70" y="475" font-size="30" fill="#c9cbd0">and the limited VSOP collection.</text>
</svg>`);
}

export function renderProductSocialImage(product: { name: string; price: number; garment: string; color: string; preorder: boolean }): Buffer {
  const garment = Buffer.from(renderGarmentSvg({ garment: product.garment, color: colorSlug(product.color), view: "front" })).toString("base64");
  const lines = wrap(product.name, 17);
  return png(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
<rect width="${WIDTH}" height="${HEIGHT}" fill="#f6f4ef"/>
<rect x="0" y="0" width="14" height="${HEIGHT}" fill="#f26b1d"/>
<image href="data:image/svg+xml;base64,${garment}" x="690" y="20" width="472" height="590"/>
<text x="70" y="110" font-size="30" font-weight="bold" letter-spacing="10" fill="#16171a">VSOP APPAREL</text>
${lines.map((l, i) => `<text x="70" y="${220 + i * 66}" font-size="54" font-weight="bold" fill="#16171a">${escape(l)}</text>`).join("")}
<text x="70" y="${220 + lines.length * 66 + 40}" font-size="54" fill="#b3440c">$${product.price.toFixed(2)}</text>
${product.preorder ? `<text x="70" y="560" font-size="28" font-weight="bold" fill="#16171a">PRE-ORDER</text>` : ""}
</svg>`);
}
