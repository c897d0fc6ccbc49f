import type { Database } from "../db/client";
import { type Candidate, loadCandidates } from "./candidates";
import type { OUTFIT_ITEMS, OutfitAnswer } from "./stylist-schemas";

type OutfitItem = (typeof OUTFIT_ITEMS)[number];

/** The assistant's item names (SPEC §2) and the catalogue pieces they are: the "Top" is the VSOP hoodie. */
const PIECES: Record<OutfitItem, { name: string; kind: "set" | "top" | "shorts" }> = {
  "VSOP Premium Collection - Complete Set": { name: "VSOP Premium Collection - Complete Set", kind: "set" },
  "VSOP Premium Top": { name: "VSOP Premium Hoodie", kind: "top" },
  "VSOP Premium Shorts": { name: "VSOP Premium Shorts", kind: "shorts" },
};

const GARMENTS = ["tshirt", "longsleeve", "jeans", "pants", "cap", "beanie", "bag", "belt", "socks"];

/** Outfits built around the chosen VSOP pieces with catalogue items that are in stock now. */
export async function suggestOutfits({ db, selectedItems }: { db: Database; selectedItems: OutfitItem[] }): Promise<OutfitAnswer> {
  const chosen = [...new Set(selectedItems)].map((item) => PIECES[item]);
  const pool = await loadCandidates(db, { garments: GARMENTS, limit: 400 });
  const pick = (garment: string, color?: string): string | null => {
    const found = pool.find((c: Candidate) => c.garment === garment && (!color || c.inStockColors.includes(color)) && !/vsop/i.test(c.name));
    if (!found) return null;
    const shade = color ?? found.inStockColors[0];
    return `the ${found.name}${shade ? ` in ${shade}` : ""}`;
  };
  const list = (parts: (string | null)[]) => {
    const items = parts.filter((p): p is string => Boolean(p));
    return items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : (items[0] ?? "");
  };
  const has = (kind: "set" | "top" | "shorts") => chosen.some((c) => c.kind === kind);
  const vsop = chosen.map((c) => `the ${c.name}`);
  const ideas: string[] = [];

  if (has("set")) ideas.push(`Full drop: ${vsop[0]} on its own, finished with ${list([pick("cap", "Black"), pick("socks", "White")])}. Monochrome and effortless.`);
  if (has("top")) ideas.push(`Everyday uniform: the VSOP Premium Hoodie over ${list([pick("tshirt", "White"), pick("jeans", "Blue")])}.`);
  if (has("top")) ideas.push(`Night out: the VSOP Premium Hoodie with ${list([pick("jeans", "Black"), pick("belt", "Black")])} for a sharp all-black look.`);
  if (has("shorts")) ideas.push(`Warm days: the VSOP Premium Shorts with ${list([pick("tshirt", "Black") ?? pick("tshirt"), pick("cap")])}.`);
  if (has("shorts") && has("top")) ideas.push("Matching set: the VSOP Premium Hoodie and Shorts together, the same as the complete set, sleeves pushed up.");
  ideas.push(`Travel day: ${list([...vsop, pick("bag"), pick("beanie")])}; soft, packable and easy to layer.`);
  if (ideas.length < 3) ideas.push(`Layered for cool evenings: ${list([...vsop, pick("longsleeve", "Gray") ?? pick("longsleeve"), pick("pants", "Black")])}.`);
  return { outfitIdeas: ideas.slice(0, 5) };
}
