/** The VSOP drop as clients see it (DESIGN §4: the drop is data). */
export interface Campaign {
  slug: string;
  name: string;
  preorderClosesAt: string;
  shipsAt: string;
  freeShipping: boolean;
  limitedQuantities: boolean;
  ended: boolean;
  /** The real share of the drop's limited stock already pre-ordered (paid or reserved), 0-100; 100 once ended. */
  hypePercent: number;
}
