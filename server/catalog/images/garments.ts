/**
 * Flat garment illustrations on a 400 × 500 canvas. Each garment gives its outline and the detail lines for
 * the front or back view; render-image.ts adds colour, shading and background.
 */
export type View = "front" | "back";

export interface Drawing {
  body: string;
  details: string;
  /** Fabric shapes drawn behind the body (a hood seen from the front). */
  behind?: string;
}

const STITCH = `fill="none" stroke-width="2" stroke-dasharray="6 5" opacity=".5"`;
const LINE = `fill="none" stroke-width="3"`;
const SOFT = `fill="none" stroke-width="2.5" opacity=".55"`;

const line = (d: string, attrs = LINE) => `<path d="${d}" ${attrs}/>`;
const dot = (cx: number, cy: number, r = 4) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill-opacity=".35" stroke-width="2"/>`;
const label = `<rect x="186" y="104" width="28" height="14" rx="2" fill-opacity=".25" stroke-width="1.5"/>`;

function tee(view: View): Drawing {
  const neck = view === "front" ? "M160 90 Q200 132 240 90" : "M160 90 Q200 106 240 90";
  return {
    body: "M120 110 L160 88 Q200 112 240 88 L280 110 L342 162 L310 206 L282 186 L282 424 Q200 434 118 424 L118 186 L90 206 L58 162 Z",
    details: [line(neck), line("M88 194 L106 170", STITCH), line("M312 194 L294 170", STITCH), line("M122 410 Q200 420 278 410", STITCH), view === "back" ? label : ""].join(""),
  };
}

function longSleeve(view: View): Drawing {
  const neck = view === "front" ? "M160 90 Q200 130 240 90" : "M160 90 Q200 106 240 90";
  return {
    body: "M120 110 L160 88 Q200 112 240 88 L280 110 Q318 150 326 230 L348 394 L314 402 L290 250 L284 424 Q200 434 116 424 L110 250 L86 402 L52 394 L74 230 Q82 150 120 110 Z",
    details: [line(neck), line("M58 380 L88 386", STITCH), line("M312 386 L342 380", STITCH), line("M118 404 Q200 414 282 404", STITCH), view === "back" ? label : ""].join(""),
  };
}

function hoodie(view: View): Drawing {
  const base = longSleeve(view);
  const hood = view === "front"
    ? [`<path d="M168 96 Q166 50 200 44 Q234 50 232 96 Q200 122 168 96 Z" fill-opacity=".35" stroke-width="3"/>`,
       line("M186 112 L182 176", SOFT), line("M214 112 L218 176", SOFT), dot(182, 180, 3), dot(218, 180, 3),
       line("M146 318 L254 318 L270 392 L130 392 Z"), line("M146 318 L130 392", STITCH)]
    : [`<path d="M156 96 Q140 20 200 14 Q260 20 244 96 Q200 126 156 96 Z" data-fabric=""/>`, line("M200 16 L200 112", STITCH), label];
  return {
    body: base.body,
    behind: view === "front" ? "M156 100 Q144 28 200 20 Q256 28 244 100 Z" : undefined,
    details: [...hood, line("M118 398 Q200 410 282 398"), line("M58 374 L86 380", LINE), line("M314 380 L342 374", LINE)].join(""),
  };
}

function jacket(view: View): Drawing {
  const base = longSleeve(view);
  const quilting = [170, 230, 290, 350].map((y) => line(`M${y < 250 ? 118 : 114} ${y} Q200 ${y + 10} ${y < 250 ? 282 : 286} ${y}`, SOFT));
  const front = view === "front" ? [line("M200 104 L200 426"), line("M160 92 L176 70 L224 70 L240 92"), line("M140 300 L140 350", SOFT), line("M260 300 L260 350", SOFT)] : [line("M160 92 L176 70 L224 70 L240 92"), label];
  return { body: base.body, details: [...quilting, ...front].join("") };
}

function jeans(view: View): Drawing {
  const front = view === "front"
    ? [line("M200 96 L200 180", STITCH), line("M200 96 Q214 140 200 180", STITCH), line("M134 100 Q160 110 168 96", LINE), line("M266 100 Q240 110 232 96", LINE), dot(172, 92, 3), dot(228, 92, 3)]
    : [`<path d="M140 130 L182 128 L180 186 L162 196 L142 186 Z" fill-opacity=".15" stroke-width="2.5"/>`, `<path d="M260 130 L218 128 L220 186 L238 196 L258 186 Z" fill-opacity=".15" stroke-width="2.5"/>`, line("M128 112 Q200 132 272 112", STITCH)];
  return {
    body: "M130 66 L270 66 L286 440 L216 440 L200 196 L184 440 L114 440 Z",
    details: [line("M130 90 L270 90"), ...front, line("M170 420 L176 300", STITCH), line("M230 420 L224 300", STITCH)].join(""),
  };
}

function pants(view: View): Drawing {
  return {
    body: "M134 66 L266 66 L280 440 L214 440 L200 190 L186 440 L120 440 Z",
    details: [line("M134 92 L266 92"), view === "front" ? line("M200 92 L200 170", STITCH) : label, line("M166 110 L156 430", SOFT), line("M234 110 L244 430", SOFT)].join(""),
  };
}

function shorts(view: View): Drawing {
  return {
    body: "M128 126 L272 126 L296 310 L212 318 L200 220 L188 318 L104 310 Z",
    details: [line("M128 152 L272 152"), view === "front" ? [line("M186 152 L182 196", SOFT), line("M214 152 L218 196", SOFT), line("M140 160 Q160 186 150 210", SOFT), line("M260 160 Q240 186 250 210", SOFT)].join("") : line("M150 180 L190 180 L190 220 L150 220 Z", SOFT), line("M110 292 L190 300", STITCH), line("M210 300 L290 292", STITCH)].join(""),
  };
}

function dress(view: View): Drawing {
  const neck = view === "front" ? "M164 96 Q200 140 236 96" : "M164 96 Q200 112 236 96";
  return {
    body: "M160 70 L176 70 L180 96 L220 96 L224 70 L240 70 L252 160 Q306 300 326 444 Q200 466 74 444 Q94 300 148 160 Z",
    details: [line(neck), line("M150 174 Q200 188 250 174"), line("M130 300 Q200 318 270 300", SOFT), line("M84 428 Q200 448 316 428", STITCH), view === "front" ? line("M200 180 L186 230 M200 180 L214 232", LINE) : ""].join(""),
  };
}

function skirt(view: View): Drawing {
  return {
    body: "M142 120 L258 120 L312 404 Q200 426 88 404 Z",
    details: [line("M142 146 L258 146"), ...[160, 200, 240].map((x) => line(`M${x} 146 L${x + (x - 200) * 0.9} 412`, SOFT)), view === "back" ? line("M200 120 L200 200", STITCH) : dot(200, 133, 4)].join(""),
  };
}

function top(view: View): Drawing {
  const front = view === "front" ? [line("M170 100 Q200 150 230 100"), ...[170, 210, 250, 290, 330].map((y) => dot(200, y, 3.5))] : [line("M170 100 Q200 118 230 100"), label];
  return {
    body: "M150 100 L170 100 L230 100 L250 100 L300 130 L332 230 L300 244 L276 190 L272 400 Q200 412 128 400 L124 190 L100 244 L68 230 L100 130 Z",
    details: [...front, line("M132 384 Q200 396 268 384", STITCH)].join(""),
  };
}

function cap(view: View): Drawing {
  const brim = view === "front" ? "M104 300 Q200 336 336 300 Q318 350 210 354 Q120 350 104 300 Z" : "M110 302 Q200 318 290 302";
  return {
    body: "M104 302 Q98 162 200 156 Q302 162 296 302 Q200 320 104 302 Z",
    details: [view === "front" ? `<path d="${brim}" fill-opacity=".25" stroke-width="3"/>` : line(brim), line("M200 158 L200 304", SOFT), line("M150 170 Q130 230 138 308", SOFT), line("M250 170 Q270 230 262 308", SOFT), dot(200, 158, 7), view === "front" ? `<rect x="170" y="224" width="60" height="30" rx="6" fill-opacity=".3" stroke-width="2"/>` : `<path d="M170 290 Q200 250 230 290" fill="none" stroke-width="3"/>`].join(""),
  };
}

function beanie(view: View): Drawing {
  return {
    body: "M118 344 L118 300 Q114 150 200 140 Q286 150 282 300 L282 344 Q200 356 118 344 Z",
    details: [line("M118 290 Q200 304 282 290"), ...[140, 164, 188, 212, 236, 260].map((x) => line(`M${x} 298 L${x} 346`, SOFT)), view === "front" ? `<rect x="178" y="306" width="44" height="24" rx="3" fill-opacity=".35" stroke-width="2"/>` : "", `<circle cx="200" cy="128" r="22" fill-opacity=".15" stroke-width="3"/>`].join(""),
  };
}

function bag(view: View): Drawing {
  return {
    body: "M104 196 L296 196 L312 426 L88 426 Z",
    details: [line("M148 196 Q148 100 200 100 Q252 100 252 196", "fill=\"none\" stroke-width=\"10\""), line("M104 224 L296 224", STITCH), view === "front" ? `<rect x="168" y="260" width="64" height="40" rx="4" fill-opacity=".2" stroke-width="2.5"/>` : line("M120 330 L280 330", SOFT), line("M94 410 L306 410", STITCH)].join(""),
  };
}

function scarf(view: View): Drawing {
  const fringe = [150, 164, 178, 192, 206, 220, 234].map((x) => line(`M${x} 446 L${x} 470`, "fill=\"none\" stroke-width=\"2.5\""));
  return {
    body: "M130 80 Q200 40 270 80 L270 160 Q200 130 150 160 L240 446 L150 446 Q120 260 130 80 Z",
    details: [...fringe, line("M140 120 Q200 96 262 120", SOFT), view === "front" ? line("M160 200 L226 430", SOFT) : line("M146 220 L170 430", SOFT)].join(""),
  };
}

function belt(view: View): Drawing {
  const holes = [250, 276, 302].map((x) => dot(x, 250, 5)).join("");
  return {
    body: "M60 228 L340 228 Q352 250 340 272 L60 272 Z",
    details: [`<rect x="92" y="212" width="58" height="76" rx="8" fill="none" stroke-width="7"/>`, line("M150 250 L190 250", "fill=\"none\" stroke-width=\"6\""), view === "front" ? holes : "", line("M62 236 L336 236", STITCH), line("M62 264 L336 264", STITCH)].join(""),
  };
}

function socks(view: View): Drawing {
  return {
    body: "M168 70 L246 70 L246 320 Q246 370 300 384 Q338 396 326 440 L196 440 Q158 440 164 396 Z",
    details: [...[90, 110, 130].map((y) => line(`M168 ${y} L246 ${y}`, SOFT)), `<path d="M282 380 Q338 396 326 440 L290 440 Q300 408 282 380 Z" fill-opacity=".3" stroke-width="2"/>`, view === "front" ? line("M168 160 L246 160 M168 180 L246 180", "fill=\"none\" stroke-width=\"6\" opacity=\".45\"") : line("M166 380 Q180 420 214 440", SOFT)].join(""),
  };
}

function onesie(view: View): Drawing {
  return {
    body: "M140 100 L172 84 Q200 104 228 84 L260 100 L302 142 L280 172 L264 160 L266 330 Q262 402 232 424 L168 424 Q138 402 134 330 L136 160 L120 172 L98 142 Z",
    details: [line(view === "front" ? "M172 84 Q200 124 228 84" : "M172 84 Q200 100 228 84"), view === "front" ? [188, 200, 212].map((x) => dot(x, 412, 3.5)).join("") : label, line("M168 424 Q200 400 232 424", SOFT), line("M104 150 L122 166", STITCH), line("M296 150 L278 166", STITCH)].join(""),
  };
}

/** A gift card (issue 51): a card with a ribbon and bow on the front, a magnetic stripe and signature panel on the back. */
function giftCard(view: View): Drawing {
  const body = "M70 160 Q70 140 90 140 L310 140 Q330 140 330 160 L330 340 Q330 360 310 360 L90 360 Q70 360 70 340 Z";
  if (view === "back") return { body, details: [`<rect x="70" y="176" width="260" height="34" fill-opacity=".45" stroke-width="0"/>`, `<rect x="96" y="236" width="150" height="26" rx="3" fill-opacity=".15" stroke-width="1.5"/>`, line("M96 300 L230 300", SOFT)].join("") };
  return { body, details: [line("M250 140 L250 360", "fill=\"none\" stroke-width=\"10\" opacity=\".45\""), line("M250 190 Q210 150 222 190 Q236 214 250 190 Q264 214 278 190 Q290 150 250 190 Z", SOFT), line("M96 320 L180 320", SOFT), line("M96 300 L150 300", SOFT)].join("") };
}

function set(view: View): Drawing {
  const top = hoodie(view);
  const bottom = shorts(view);
  const scaleTop = "translate(60 0) scale(0.7)";
  const scaleBottom = "translate(60 220) scale(0.7)";
  return {
    body: "",
    details: `<g transform="${scaleTop}">${top.behind ? `<path d="${top.behind}" data-fabric=""/>` : ""}<path d="${top.body}" data-fabric=""/>${top.details}</g><g transform="${scaleBottom}"><path d="${bottom.body}" data-fabric=""/>${bottom.details}</g>`,
  };
}

export const garments: Record<string, (view: View) => Drawing> = {
  tshirt: tee,
  longsleeve: longSleeve,
  hoodie,
  jacket,
  jeans,
  pants,
  shorts,
  dress,
  skirt,
  top,
  cap,
  beanie,
  bag,
  scarf,
  belt,
  socks,
  onesie,
  set,
  giftcard: giftCard,
};

export function isGarment(name: string): boolean {
  return Object.hasOwn(garments, name);
}
