import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { isGarment, type View } from "./garments";
import { IMAGE_VERSION } from "./image-url";
import { colorSlug, isColorSlug, isKnownColorSlug } from "./palette";
import { renderGarmentSvg } from "./render-image";

/** One of the store's drawings, by its name (what follows /images/ in its URL) and how to make it. */
export interface Drawing {
  name: string;
  render: () => string;
}

/**
 * The drawing a URL's `{garment}/{colour}-{view}.svg` asks for, or null when it names none. A colour the palette
 * lacks is drawn in the neutral grey, the same bytes as `default`, so its name is the `default` one: every URL staff
 * or a visitor can make maps to one of a few hundred names, and a made-up colour never adds an object to a bucket.
 */
export function drawingOf(garment: string, file: string): Drawing | null {
  const match = /^([a-z0-9-]+)-(front|back)\.svg$/.exec(file);
  if (!match || !isGarment(garment) || !isColorSlug(match[1]!)) return null;
  return drawingFor(garment, match[1]!, match[2] as View);
}

function drawingFor(garment: string, slug: string, view: View): Drawing {
  const color = isKnownColorSlug(slug) ? slug : "default";
  return { name: `${IMAGE_VERSION}/${garment}/${color}-${view}.svg`, render: () => renderGarmentSvg({ garment, color, view }) };
}

/** Both views of every garment and colour the catalogue's products have: the drawings its pages show. */
export async function catalogueDrawings(db: Database): Promise<Drawing[]> {
  const rows = rowsOf<{ garment: string; color: string }>(await db.execute(sql`select distinct garment, unnest(colors) as color from products`));
  const drawings = new Map<string, Drawing>();
  for (const { garment, color } of rows) {
    if (!isGarment(garment) || !isColorSlug(colorSlug(color))) continue;
    for (const view of ["front", "back"] as const) {
      const drawing = drawingFor(garment, colorSlug(color), view);
      drawings.set(drawing.name, drawing);
    }
  }
  return [...drawings.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
}
