/**
 * A drop's landing page: content blocks, edited like the home page (issue 28). Its own two blocks, `drop_hero` (the
 * name, ship date, countdown or phase, and the hype meter) and `drop_products` (the grid of its pieces), plus the
 * home page's `rich_text` and the `faq` block.
 */
export const DROP_BLOCK_TYPES = ["drop_hero", "drop_products", "rich_text", "faq"] as const;
export type DropBlockType = (typeof DROP_BLOCK_TYPES)[number];
export interface DropBlock {
  type: DropBlockType;
  settings: Record<string, unknown>;
}

/** A new drop's page: a hero with its name and countdown, then the grid of its products. */
export const defaultDropPage = (): DropBlock[] => [
  { type: "drop_hero", settings: {} },
  { type: "drop_products", settings: {} },
];
