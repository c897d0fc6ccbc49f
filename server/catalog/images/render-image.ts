import { garments, type View } from "./garments";
import { fabricHex, lightness, shade } from "./palette";

const MULTICOLOR = ["#e05a47", "#e9c64b", "#4fa36b", "#3d72b8", "#8a5cc2"];

/** Draws one garment in one colour as a standalone SVG document (400 × 500). */
export function renderGarmentSvg({ garment, color, view }: { garment: string; color: string; view: View }): string {
  const draw = garments[garment];
  if (!draw) throw new Error(`Unknown garment ${garment}`);
  const { body, details, behind } = draw(view);
  const multicolor = color === "multicolor";
  const base = multicolor ? "#8a8f96" : fabricHex(color);
  const light = lightness(base);
  const outline = light < 0.25 ? shade(base, 0.35) : shade(base, -0.45);
  const background = light > 0.8 ? ["#e7e4de", "#d9d5cd"] : ["#f6f4ef", "#e9e6df"];
  const fabric = multicolor ? "url(#fabric)" : base;
  const fabricAttrs = `fill="${fabric}" stroke="${outline}" stroke-width="3"`;
  const shading = `fill="url(#shade)" stroke="none"`;
  const back = behind ? `<path d="${behind}" ${fabricAttrs}/>` : "";
  const shapes = body ? `${back}<path d="${body}" ${fabricAttrs}/><path d="${body}" ${shading}/>` : "";
  const nested = details.replaceAll(`data-fabric=""`, fabricAttrs);
  const stripes = MULTICOLOR.map((c, i) => `<stop offset="${i / MULTICOLOR.length}" stop-color="${c}"/><stop offset="${(i + 1) / MULTICOLOR.length}" stop-color="${c}"/>`).join("");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 500" width="400" height="500">`,
    `<defs>`,
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${background[0]}"/><stop offset="1" stop-color="${background[1]}"/></linearGradient>`,
    `<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity=".16"/><stop offset=".45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".18"/></linearGradient>`,
    `<linearGradient id="fabric" x1="0" y1="0" x2="1" y2="1" gradientUnits="userSpaceOnUse" spreadMethod="repeat" gradientTransform="scale(80)">${stripes}</linearGradient>`,
    `</defs>`,
    `<rect width="400" height="500" fill="url(#bg)"/>`,
    `<ellipse cx="200" cy="462" rx="140" ry="12" fill="#000" opacity=".07"/>`,
    `<g stroke="${outline}" stroke-linejoin="round" stroke-linecap="round" fill="${outline}">${shapes}${nested}</g>`,
    `</svg>`,
  ].join("");
}
