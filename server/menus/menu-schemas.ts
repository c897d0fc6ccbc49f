import { z } from "zod";
import { MENU_HANDLES, MENU_LINK_KINDS, type MenuHandle } from "../db/schema";
import { isStoreOrHttpsLink } from "../home/link-url";

/** How many items (columns and links together) one menu may hold. */
export const MAX_MENU_ITEMS = 50;

const label = z.string().trim().min(1, "must not be empty").max(60, "must be at most 60 characters");

/**
 * A `url` item's address: the store's one rule for a link staff type (server/home/link-url.ts): a path on this store
 * ("/category/sale", never "//elsewhere" or "/\elsewhere", which browsers read as another host) or an https address.
 */
const menuUrl = z
  .string()
  .trim()
  .max(500, "must be at most 500 characters")
  .refine(isStoreOrHttpsLink, 'must be a path on this store starting with a single "/" or an https:// address, without spaces or control characters');

const fields = {
  label,
  kind: z.enum(MENU_LINK_KINDS),
  /** The collection's, product's or entry's id (`collection`, `product`, `entry` items). */
  targetId: z.number().int().positive().max(2_147_483_647).optional(),
  url: menuUrl.optional(),
  badge: z.string().trim().min(1, "must not be empty").max(12, "must be at most 12 characters").nullable().optional(),
};

type Fields = { kind: string; targetId?: number; url?: string; badge?: string | null; children?: unknown[] };

/** Each kind says what it points at, and nothing else. */
function checkTarget(item: Fields, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (item.kind === "group") {
    if (item.targetId !== undefined) issue("targetId", "a column points at nothing: leave it out");
    if (item.url !== undefined) issue("url", "a column points at nothing: leave it out");
    if (item.badge) issue("badge", "a column has no badge");
    return;
  }
  if (item.children !== undefined) issue("children", "only a footer column holds links");
  if (item.kind === "url") {
    if (item.url === undefined) issue("url", "must be given for a link to an address");
    if (item.targetId !== undefined) issue("targetId", "a link to an address has no target: leave it out");
  } else {
    if (item.targetId === undefined) issue("targetId", `choose the ${item.kind === "entry" ? "page or post" : item.kind}`);
    if (item.url !== undefined) issue("url", `a link to a ${item.kind} has no address of its own: leave it out`);
  }
}

/** A link inside a footer column. */
const linkSchema = z
  .object(fields)
  .strict()
  .superRefine((item, ctx) => {
    if (item.kind === "group") ctx.addIssue({ code: "custom", path: ["kind"], message: "a column can't hold another column (two levels at most)" });
    else checkTarget(item, ctx);
  });

const itemSchema = z
  .object({ ...fields, children: z.array(linkSchema).max(MAX_MENU_ITEMS, `must hold at most ${MAX_MENU_ITEMS} links`).optional() })
  .strict()
  .superRefine(checkTarget);

export type MenuItemInput = z.infer<typeof itemSchema>;

/**
 * PUT /api/admin/menus/:handle: the menu's whole tree, in order. Only the footer has columns (`group` items holding
 * its links, two levels at most), and its top level is nothing but columns; the header and the legal row are flat.
 */
export function menuSaveSchema(handle: MenuHandle) {
  return z
    .object({ items: z.array(itemSchema).max(MAX_MENU_ITEMS, `must hold at most ${MAX_MENU_ITEMS} items`) })
    .strict()
    .superRefine(({ items }, ctx) => {
      const total = items.reduce((n, item) => n + 1 + (item.children?.length ?? 0), 0);
      if (total > MAX_MENU_ITEMS) ctx.addIssue({ code: "custom", path: ["items"], message: `must hold at most ${MAX_MENU_ITEMS} items in all (this menu has ${total})` });
      items.forEach((item, i) => {
        if (handle === "footer" && item.kind !== "group") ctx.addIssue({ code: "custom", path: ["items", i, "kind"], message: "the footer's top level holds columns: put this link inside one" });
        if (handle !== "footer" && item.kind === "group") ctx.addIssue({ code: "custom", path: ["items", i, "kind"], message: "only the footer has columns" });
      });
    });
}

export type MenuSave = z.infer<ReturnType<typeof menuSaveSchema>>;

export const menuHandleSchema = z.enum(MENU_HANDLES);
