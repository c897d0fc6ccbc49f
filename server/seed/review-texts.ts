import type { Fit } from "../../shared/reviews";

/** Words for the demo catalogue's seeded reviews (server/seed/seed-reviews.ts), by star rating. */
export const TITLES: Record<number, string[]> = {
  5: ["Love it", "Exactly what I wanted", "New favourite", "Great quality", "Worth every cent", "Perfect everyday piece", "Better than expected", "Buying another colour"],
  4: ["Really nice", "Very good, one small thing", "Solid buy", "Nice fabric", "Happy with it", "Good value"],
  3: ["Good, not great", "It's fine", "Decent for the price", "Mixed feelings"],
  2: ["Disappointed", "Not as pictured", "Faded quickly", "Fabric feels thin"],
  1: ["Not for me", "Fell apart", "Would not buy again"],
};

const OPENINGS: Record<number, string[]> = {
  5: [
    "The {color} is exactly like the photos and the fabric feels substantial.",
    "I've worn this {garment} at least once a week since it arrived and it still looks new.",
    "Soft, well stitched and the colour is spot on.",
    "Bought it for everyday wear and it has become the thing I reach for first.",
  ],
  4: [
    "Nice {garment}, well made and comfortable, though the {color} is a shade darker than on screen.",
    "Comfortable and it washes well; I'd have liked slightly longer sleeves.",
    "Good quality for the price, and shipping was quick.",
    "Looks great; the fabric creased a bit after the first wash but nothing a quick iron doesn't fix.",
  ],
  3: [
    "It's a decent {garment}, nothing special.",
    "The fabric is fine but thinner than I hoped.",
    "Looks good, but after a few washes it lost some of its shape.",
  ],
  2: [
    "The {color} faded noticeably after three washes.",
    "Stitching came loose at the hem within a month.",
    "The fabric pills already and it doesn't feel like the price.",
  ],
  1: [
    "A seam split the second time I wore it.",
    "The colour ran in the first wash and stained everything else.",
  ],
};

const CLOSINGS: Record<number, string[]> = {
  5: ["Highly recommend.", "Already thinking about a second one.", "Great buy.", ""],
  4: ["Would buy again.", "Recommended overall.", ""],
  3: ["It does the job.", "Okay for the price.", ""],
  2: ["I expected more.", "Probably won't reorder.", ""],
  1: ["I returned the rest of my order.", "Not worth it.", ""],
};

const FIT_LINES: Record<Fit, string[]> = {
  small: ["It runs small: I'd size up.", "Snug across the shoulders, so go one size up.", "Tighter than my usual {size}."],
  true: ["Fits true to size.", "My usual {size} fits perfectly.", "True to size, as the size guide says."],
  large: ["It runs large: size down for a closer fit.", "Roomier than expected in my usual {size}.", "Generous fit, I could have taken a size smaller."],
};

export function reviewText(pick: <T>(list: T[]) => T, { rating, fit, garment, color, size }: { rating: number; fit: Fit | null; garment: string; color: string; size: string }): { title: string; body: string } {
  const fill = (s: string) => s.replaceAll("{garment}", garment).replaceAll("{color}", color.toLowerCase()).replaceAll("{size}", size);
  const parts = [pick(OPENINGS[rating]!), fit ? pick(FIT_LINES[fit]) : "", pick(CLOSINGS[rating]!)].filter(Boolean).map(fill);
  return { title: pick(TITLES[rating]!), body: parts.join(" ") };
}

export const FIRST_NAMES = ["Maya", "Jordan", "Priya", "Liam", "Sofia", "Noah", "Amara", "Ethan", "Chloe", "Mateo", "Hana", "Lucas", "Zoe", "Omar", "Grace", "Diego", "Aisha", "Owen", "Mei", "Caleb", "Nora", "Elijah", "Leila", "Samuel", "Ruby", "Andre", "Ivy", "Marcus", "Elena", "Theo"];
export const LAST_NAMES = ["Rodriguez", "Chen", "Patel", "Okafor", "Nguyen", "Kowalski", "Haddad", "Johnson", "Silva", "Murphy", "Tanaka", "Fischer", "Brooks", "Ahmed", "Larsen", "Moreau", "Kim", "Rossi", "Walker", "Ibrahim"];
