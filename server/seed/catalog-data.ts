/**
 * The demo catalogue. Ids follow array order, so products 1-3 are the VSOP set, hoodie and shorts (DESIGN §4).
 * Flags: f featured, n new, p pre-order, t trending, b bestseller, h hot, g gift card (its sizes are amounts).
 */
export interface SeedProduct {
  name: string;
  category: string;
  subcategory: string | null;
  garment: string;
  price: number;
  compareAt: number | null;
  colors: string[];
  sizes: readonly string[];
  flags: string;
  description: string;
}

const ADULT = ["XS", "S", "M", "L", "XL", "XXL"] as const;
const VSOP = ["XS", "S", "M", "L", "XL", "2XL", "3XL"] as const;
const WAIST = ["28", "30", "32", "34", "36", "38"] as const;
const WOMEN_WAIST = ["24", "26", "28", "30", "32"] as const;
const ONE = ["One Size"] as const;
const KIDS = ["4", "5", "6", "8", "10", "12"] as const;
const BABY = ["0-3M", "3-6M", "6-12M", "12-18M", "18-24M"] as const;
/** A gift card's amounts (its "sizes"); each variant is priced at its amount (server/seed/seed-catalog.ts). */
export const GIFT_CARD_AMOUNTS = ["$25", "$50", "$100", "$200"] as const;

type Row = [name: string, garment: string, price: number, compareAt: number | null, colors: string, sizes: readonly string[], flags: string, description: string];

function group(category: string, subcategory: string | null, rows: Row[]): SeedProduct[] {
  return rows.map(([name, garment, price, compareAt, colors, sizes, flags, description]) => ({
    name, category, subcategory, garment, price, compareAt, colors: colors.split(","), sizes, flags, description,
  }));
}

export const seedProducts: SeedProduct[] = [
  ...group("tech-casual", null, [
    ["VSOP Premium Collection - Complete Set", "set", 199.99, null, "Black", VSOP, "fnpth",
      "The full VSOP drop: the premium heavyweight hoodie and matching tech shorts, cut from a brushed cotton-nylon blend with bonded seams, a tonal embroidered crest and water-repellent finish. Numbered, limited run; pre-order now."],
    ["VSOP Premium Hoodie", "hoodie", 149.99, null, "Black", VSOP, "fnpth",
      "A 480 gsm loopback hoodie with a double-layer hood, hidden zip pocket, dropped shoulders and a tonal VSOP crest. Built to be worn hard and look sharp doing it. Limited quantities."],
    ["VSOP Premium Shorts", "shorts", 79.99, null, "Black", VSOP, "np",
      "Tech-casual shorts in four-way stretch nylon with a 7-inch inseam, bonded zip pockets and a drawcord waist. The warm-weather half of the VSOP set."],
  ]),
  ...group("men", "t-shirts", [
    ["Essential Crew Tee", "tshirt", 24.99, null, "Black,White,Gray,Navy", ADULT, "b",
      "Our everyday crew neck in soft combed cotton jersey. Holds its shape wash after wash, with a taped neckline and a regular fit that works on its own or layered."],
    ["Heavyweight Pocket Tee", "tshirt", 32.0, null, "White,Olive,Black", ADULT, "",
      "A sturdy 260 gsm cotton tee with a boxy cut, a chest pocket and a ribbed collar that won't bacon after the first wash."],
    ["Vintage Wash Graphic Tee", "tshirt", 29.99, 39.99, "Gray,Brown", ADULT, "t",
      "Garment-washed for a broken-in feel from day one, with a faded screen-printed mountain graphic on the chest."],
    ["Performance Training Tee", "tshirt", 34.99, null, "Black,Blue,Red", ADULT, "n",
      "Lightweight recycled-polyester knit that wicks sweat and dries fast, with flatlock seams and a subtle reflective logo for early runs."],
    ["Striped Breton Long Sleeve", "longsleeve", 39.99, null, "White,Navy", ADULT, "",
      "The classic sailor stripe in a heavy cotton interlock with a wide boat neck and three-quarter-length sleeves you can push up."],
    ["Organic Slub V-Neck", "tshirt", 27.5, 35.0, "Green,Gray,White", ADULT, "",
      "Organic cotton slub jersey with a textured, airy hand and a relaxed V-neck. Certified organic, dyed without harsh chemicals."],
  ]),
  ...group("men", "hoodies", [
    ["Classic Pullover Hoodie", "hoodie", 59.99, null, "Gray,Black,Navy", ADULT, "fb",
      "Midweight brushed fleece with a lined hood, a roomy kangaroo pocket and rib cuffs. The hoodie you reach for every morning."],
    ["Zip-Up Fleece Hoodie", "hoodie", 69.99, 79.99, "Black,Green", ADULT, "",
      "A full-zip hoodie in warm cotton-blend fleece with metal hardware, split pockets and a hood that stays put."],
    ["Oversized Heavyweight Hoodie", "hoodie", 74.0, null, "Brown,Black,White", ADULT, "tn",
      "Dropped shoulders, a boxy body and 400 gsm fleece give this hoodie its relaxed streetwear drape."],
    ["Tech Fleece Half-Zip", "hoodie", 84.99, null, "Gray,Blue", ADULT, "h",
      "Smooth-faced tech fleece that traps heat without bulk, with a half-zip funnel neck and a bonded chest pocket."],
    ["Garment-Dyed Crewneck Sweatshirt", "longsleeve", 54.99, null, "Green,Purple,Gray", ADULT, "",
      "A loopback crewneck dyed after sewing for rich, slightly uneven colour that softens with every wear."],
    ["Sherpa-Lined Trail Hoodie", "hoodie", 98.0, null, "Brown,Black", ADULT, "n",
      "A cold-weather hoodie with a plush sherpa lining, a wind-blocking shell and zip hand pockets."],
  ]),
  ...group("men", "jeans", [
    ["Slim Fit Stretch Jeans", "jeans", 69.99, null, "Blue,Black", WAIST, "b",
      "Slim through the hip and thigh with a narrow leg, in comfort-stretch denim that recovers instead of bagging out."],
    ["Relaxed Carpenter Jeans", "jeans", 79.99, null, "Blue,Gray", WAIST, "",
      "Workwear-inspired jeans with a relaxed fit, a hammer loop and utility pockets, in rigid 13 oz denim."],
    ["Straight Leg Selvedge Denim", "jeans", 128.0, null, "Blue", WAIST, "f",
      "Japanese selvedge denim woven on vintage shuttle looms, cut in a timeless straight leg that fades beautifully."],
    ["Tapered Black Denim", "jeans", 64.99, 84.99, "Black", WAIST, "",
      "Deep black denim that resists fading, with a regular seat and a leg that tapers to a clean ankle."],
    ["Distressed Athletic Jeans", "jeans", 74.99, null, "Blue", WAIST, "t",
      "Extra room in the seat and thigh for athletic builds, with a tapered leg and light hand-finished distressing."],
    ["Washed Loose Jeans", "jeans", 89.0, null, "Gray,Blue", WAIST, "n",
      "A loose, skater-inspired fit in vintage-washed denim with a wide leg and a slight break at the hem."],
  ]),
  ...group("men", "accessories", [
    ["Six-Panel Logo Cap", "cap", 28.0, null, "Black,White,Navy", ONE, "h",
      "A structured six-panel cap in brushed cotton twill with an embroidered logo and an adjustable brass-buckle strap."],
    ["Ribbed Cuff Beanie", "beanie", 22.0, null, "Black,Gray,Red,Yellow", ONE, "",
      "A snug fisherman beanie knitted from a soft merino blend, with a deep fold-over cuff."],
    ["Canvas Weekender Bag", "bag", 89.99, null, "Brown,Green", ONE, "f",
      "Waxed canvas with leather handles, a padded shoulder strap and a separate shoe compartment: sized for two nights away."],
    ["Merino Wool Scarf", "scarf", 45.0, 58.0, "Gray,Navy", ONE, "",
      "Fine-gauge merino wool that is warm without itch, finished with a short fringe."],
    ["Leather Dress Belt", "belt", 39.99, null, "Brown,Black", ["30", "32", "34", "36", "38"], "",
      "Full-grain vegetable-tanned leather with a brushed nickel buckle. Ages into a rich patina."],
    ["Crew Sock Three-Pack", "socks", 18.0, null, "White,Black,Multicolor", ["S", "M", "L"], "b",
      "Cushioned combed-cotton crew socks with arch support and a reinforced heel and toe. Three pairs."],
  ]),
  ...group("women", "dresses", [
    ["Linen Wrap Midi Dress", "dress", 89.99, null, "Beige,Green,White", ADULT, "f",
      "Breathable European linen in a true wrap silhouette with a tie waist, flutter sleeves and a swishy midi hem."],
    ["Ribbed Knit Bodycon Dress", "dress", 64.99, null, "Black,Brown,Pink", ADULT, "t",
      "A figure-skimming rib knit with a high neck and long sleeves that goes from desk to dinner."],
    ["Floral Print Sundress", "dress", 59.99, 79.99, "Multicolor,Yellow", ADULT, "",
      "Lightweight cotton voile with a ditsy floral print, smocked back and adjustable straps."],
    ["Satin Slip Dress", "dress", 98.0, null, "Black,Purple,Pink", ADULT, "n",
      "A bias-cut satin slip with a cowl neck and delicate adjustable straps. Fluid, elegant, effortless."],
    ["Tiered Cotton Maxi Dress", "dress", 79.0, null, "White,Blue", ADULT, "",
      "Three breezy tiers of crinkle cotton with a square neck and hidden side pockets."],
    ["Belted Shirt Dress", "dress", 74.99, null, "Blue,Beige", ADULT, "b",
      "A crisp poplin shirt dress with a removable self-tie belt, roll-tab sleeves and a curved hem."],
  ]),
  ...group("women", "tops", [
    ["Relaxed Linen Button-Down", "top", 54.99, null, "White,Blue", ADULT, "",
      "An easy linen shirt with a relaxed fit, mother-of-pearl buttons and a longer back hem."],
    ["Cropped Baby Tee", "tshirt", 22.99, null, "White,Pink,Black", ADULT, "t",
      "A fitted, cropped tee in stretch cotton jersey that pairs perfectly with high-rise everything."],
    ["Silk Camisole", "top", 48.0, null, "Black,Cream,Purple", ADULT, "nh",
      "Pure mulberry silk with adjustable straps and a V-neck. Layer it or wear it alone."],
    ["Puff-Sleeve Blouse", "top", 49.99, 64.99, "White,Yellow", ADULT, "",
      "A romantic cotton blouse with gathered puff sleeves, a square neck and covered buttons."],
    ["Ribbed Mock-Neck Long Sleeve", "longsleeve", 36.0, null, "Black,Brown,Gray", ADULT, "",
      "A sleek second-skin rib with a mock neck. The layering piece your wardrobe is missing."],
    ["Oversized Boyfriend Hoodie", "hoodie", 62.0, null, "Pink,Gray,Purple", ADULT, "b",
      "An intentionally oversized hoodie in cloud-soft fleece with a split hem and extra-long sleeves."],
  ]),
  ...group("women", "bottoms", [
    ["High-Rise Wide Leg Jeans", "jeans", 79.99, null, "Blue,White", WOMEN_WAIST, "f",
      "A high waist that hits at the natural waistline and a fluid wide leg, in soft non-stretch denim."],
    ["Pleated Midi Skirt", "skirt", 58.0, null, "Black,Green,Beige", ADULT, "",
      "Knife pleats in a lightweight satin-finish crepe that moves with you, with an elastic back waist."],
    ["Tailored Straight Trousers", "pants", 84.0, null, "Black,Gray,Brown", ADULT, "",
      "Sharp front creases, a high rise and a full-length straight leg in a drapey stretch twill."],
    ["Denim Mini Skirt", "skirt", 44.99, 59.99, "Blue,Black", WOMEN_WAIST, "",
      "A classic five-pocket mini in rigid denim with a raw-edge hem."],
    ["Seamless High-Waist Leggings", "pants", 42.0, null, "Black,Purple,Blue", ADULT, "t",
      "Squat-proof seamless knit with a sculpting high waistband and no chafing seams."],
    ["Linen Drawstring Shorts", "shorts", 38.0, null, "White,Green,Beige", ADULT, "n",
      "Relaxed linen shorts with a drawstring waist and side pockets for warm-weather weekends."],
  ]),
  ...group("women", "accessories", [
    ["Structured Leather Tote", "bag", 129.0, null, "Black,Brown", ONE, "f",
      "Smooth pebbled leather in a structured shape that fits a 14-inch laptop, with an interior zip pocket."],
    ["Corduroy Baseball Cap", "cap", 26.0, null, "Pink,Brown,Green", ONE, "",
      "A soft, unstructured cap in fine-wale corduroy with an adjustable strap."],
    ["Cashmere Blend Wrap Scarf", "scarf", 68.0, 85.0, "Gray,Red,Beige", ONE, "",
      "An oversized wrap in a cashmere-wool blend, large enough to wear as a shawl."],
    ["Chunky Knit Beanie", "beanie", 24.99, null, "White,Pink,Gray", ONE, "",
      "A hand-feel chunky cable knit beanie with a cosy fleece lining."],
    ["Mini Crossbody Bag", "bag", 54.0, null, "Black,Red,White", ONE, "t",
      "A compact crossbody in vegan leather with an adjustable chain-link strap. Fits a phone, keys and cards."],
    ["Skinny Leather Belt", "belt", 32.0, null, "Black,Brown", ["XS", "S", "M", "L"], "",
      "A slim leather belt with a polished gold-tone buckle to define high-rise waists."],
  ]),
  ...group("kids", "boys", [
    ["Dino Graphic Tee", "tshirt", 16.99, null, "Green,Blue,Gray", KIDS, "",
      "Soft cotton jersey with a roaring dinosaur print that survives the playground and the wash."],
    ["Kids Pullover Hoodie", "hoodie", 34.99, null, "Red,Navy,Gray", KIDS, "fb",
      "A cosy fleece hoodie with room to grow, reinforced elbows and a kangaroo pocket for treasures."],
    ["Pull-On Jogger Jeans", "jeans", 29.99, 36.99, "Blue", KIDS, "",
      "Stretch denim with an elastic waist and cuffed ankles: the look of jeans, the comfort of joggers."],
    ["Everyday Play Shorts", "shorts", 19.99, null, "Blue,Green,Gray", KIDS, "",
      "Quick-dry shorts with an adjustable waist, made for climbing, running and splashing."],
    ["Boys Puffer Jacket", "jacket", 59.99, null, "Blue,Red,Black", KIDS, "n",
      "Water-resistant puffer with recycled insulation, a stowaway hood and reflective trims."],
    ["Kids Striped Long Sleeve Tee", "longsleeve", 18.99, null, "Navy,Red", KIDS, "",
      "Bold stripes on soft cotton with a tagless neck for sensitive skin."],
  ]),
  ...group("kids", "girls", [
    ["Twirl Tutu Dress", "dress", 32.99, null, "Pink,Purple", KIDS, "t",
      "A soft cotton bodice with a layered tulle skirt made for spinning, lined so it never scratches."],
    ["Rainbow Graphic Tee", "tshirt", 16.99, null, "White,Pink", KIDS, "",
      "A bright rainbow print on organic cotton jersey."],
    ["Girls Denim Skirt", "skirt", 24.99, null, "Blue", KIDS, "",
      "A stretch denim skirt with an adjustable inner waist and built-in shorts."],
    ["Zip Hoodie with Ears", "hoodie", 36.99, 44.99, "Pink,Gray", KIDS, "",
      "A playful full-zip hoodie with bear ears on the hood and a fleece-lined body."],
    ["Girls Leggings Two-Pack", "pants", 19.99, null, "Purple,Black,Pink", KIDS, "b",
      "Stretchy, durable cotton leggings with reinforced knees. Two pairs."],
    ["Quilted Puffer Jacket", "jacket", 62.99, null, "Purple,Yellow", KIDS, "n",
      "A warm, lightweight quilted jacket with a soft jersey lining and snap-off hood."],
  ]),
  ...group("kids", "infants", [
    ["Organic Cotton Bodysuit Three-Pack", "onesie", 26.99, null, "White,Yellow,Green", BABY, "b",
      "GOTS-certified organic cotton bodysuits with envelope shoulders and nickel-free snaps. Three pieces."],
    ["Cozy Knit Romper", "onesie", 29.99, null, "Gray,Pink,Blue", BABY, "",
      "A soft cotton knit romper with footed legs and a two-way zip for easy changes."],
    ["Baby Beanie and Mittens Set", "beanie", 17.99, null, "White,Gray,Pink", BABY, "",
      "A matching knit beanie and scratch mittens in a gentle cotton-cashmere blend."],
    ["Baby Pull-On Pants", "pants", 14.99, null, "Gray,Green,Brown", BABY, "",
      "Soft interlock pants with a stretchy waistband and cuffs that roll down as baby grows."],
    ["Baby Sherpa Jacket", "jacket", 39.99, 49.99, "White,Brown", BABY, "n",
      "A snuggly sherpa fleece jacket with snap closures and tiny patch pockets."],
    ["Baby Graphic Tee Two-Pack", "tshirt", 19.99, null, "Blue,Yellow", BABY, "",
      "Two sweet printed tees in organic cotton with lap shoulders for easy dressing."],
  ]),
  // Last, so every other product keeps its id. Emailed, never shipped or taxed when bought (issue 51).
  ...group("women", "accessories", [
    ["Gift Card", "giftcard", 25, null, "Digital", GIFT_CARD_AMOUNTS, "g",
      "Let them choose. Pick an amount, who it's for and the day it arrives: we email them a code to spend on anything in the store, and what they don't spend stays on the card for next time. Never expires in the US."],
  ]),
];
