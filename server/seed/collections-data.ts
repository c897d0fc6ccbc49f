import type { Collection } from "../../shared/taxonomy";

/** The demo store's collections, in menu order: what a fresh store starts with; staff edit them afterwards. */
export const seedCollections: Collection[] = [
  {
    slug: "men",
    name: "Men's",
    description: "Everyday tees, heavyweight hoodies and denim that breaks in beautifully.",
    hero: "Tees, hoodies, denim and the extras that finish them.",
    subcategories: [
      { slug: "t-shirts", name: "T-Shirts", description: "" },
      { slug: "hoodies", name: "Hoodies", description: "" },
      { slug: "jeans", name: "Jeans", description: "" },
      { slug: "accessories", name: "Accessories", description: "" },
    ],
  },
  {
    slug: "women",
    name: "Women's",
    description: "Dresses, easy tops and tailored bottoms for every day of the week.",
    hero: "Dresses, tops and bottoms made to be worn often.",
    subcategories: [
      { slug: "dresses", name: "Dresses", description: "" },
      { slug: "tops", name: "Tops", description: "" },
      { slug: "bottoms", name: "Bottoms", description: "" },
      { slug: "accessories", name: "Accessories", description: "" },
    ],
  },
  {
    slug: "kids",
    name: "Kids'",
    description: "Playground-proof favourites with room to grow.",
    hero: "Soft, tough clothes for boys, girls and the smallest ones.",
    subcategories: [
      { slug: "boys", name: "Boys", description: "" },
      { slug: "girls", name: "Girls", description: "" },
      { slug: "infants", name: "Infants", description: "" },
    ],
  },
  {
    slug: "tech-casual",
    name: "VSOP",
    description: "Our limited tech-casual drop. Pre-order now; every piece ships free.",
    hero: "Limited premium streetwear, on pre-order.",
    subcategories: [],
  },
];
