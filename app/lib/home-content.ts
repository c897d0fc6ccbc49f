/** The home page's fixed copy (SPEC §2 Home); product data comes from the catalogue. */
export const comingSoonTiles = [
  { title: "Footwear", text: "Low-top sneakers and slides built to match the VSOP line." },
  { title: "Outerwear Capsule", text: "Technical shells and puffers for the cold months." },
  { title: "Studio Goods", text: "Blankets, mugs and desk pieces from our design studio." },
  { title: "Kids' Sleepwear", text: "Soft organic cotton sets for little ones." },
];

export const featureDisplays = [
  {
    title: "Premium Quality",
    text: "Heavyweight cottons, bonded seams and finishes tested wash after wash. Built to last for years, not seasons.",
    href: "/quality",
    cta: "Our quality promise",
  },
  {
    title: "Unique Designs",
    text: "Every piece starts in our studio: original graphics, considered cuts and small runs you won't see everywhere.",
    href: "/designs",
    cta: "Meet the designs",
  },
];

export const socialTiles = [
  { title: "Latest Drops", text: "See new pieces first, with release times and restock alerts." },
  { title: "Style Inspiration", text: "Outfit ideas from our team and the community." },
  { title: "Behind the Scenes", text: "From sketches to sampling: how a VSOP piece gets made." },
];
