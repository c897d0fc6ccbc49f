/**
 * The staff permissions: one list, in code. Every staff page, every staff API call and every job retry names exactly
 * one of these (server/http/staff-guard.ts, app/lib/guards.server.ts). A role is a set of them (the staff_roles table);
 * the database refuses a name not in this list (the staff_roles_permissions_known check, kept in step by a test).
 */
export const PERMISSIONS = [
  "orders.read",
  "orders.fulfil",
  "orders.edit",
  "refunds",
  "products.write",
  "content.write",
  "discounts.write",
  "drops.write",
  "customers.read",
  "customers.credit",
  "giftcards.write",
  "customers.export",
  "reports.read",
  "settings",
  "staff.manage",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export function isPermission(value: unknown): value is Permission {
  return typeof value === "string" && (PERMISSIONS as readonly string[]).includes(value);
}

/**
 * Step-up (issue 29): calls that ask for the second factor again when it was last given more than 10 minutes ago —
 * refunds, exports of personal data, changes to staff or roles, and (marked on their routes) the tax settings.
 * Reading the staff list or the audit log doesn't; a download of personal data does.
 */
export function needsStepUp(permission: Permission, method: string): boolean {
  if (permission === "customers.export") return true;
  return (permission === "refunds" || permission === "staff.manage") && method.toUpperCase() !== "GET" && method.toUpperCase() !== "HEAD";
}

/** What each permission lets a staff member do, as the staff page shows it. */
export const PERMISSION_LABELS: Record<Permission, { label: string; hint: string }> = {
  "orders.read": { label: "See orders and returns", hint: "The order list, an order's details and the returns list" },
  "orders.fulfil": { label: "Fulfil orders", hint: "Mark orders shipped or delivered (canceling one also needs Refund: a paid order is refunded)" },
  "orders.edit": { label: "Edit orders", hint: "Change an order not yet shipped: swap a size or colour, change quantities, add or remove lines, change the address" },
  refunds: { label: "Refund and decide returns", hint: "Give money back, cancel orders, and decide returns (canceling or receiving refunds)" },
  "products.write": { label: "Edit products", hint: "Products, photos, collections, bulk edit, import and export, reviews" },
  "content.write": { label: "Edit content", hint: "Pages, blog posts, menus, the home page and announcements" },
  "discounts.write": { label: "Edit discounts", hint: "Discount codes and the newsletter campaign" },
  "drops.write": { label: "Run drops", hint: "Create, schedule, watch and archive drops, their waiting room and early access" },
  "customers.read": { label: "See customers", hint: "The customer list and a customer's orders" },
  "customers.credit": { label: "Give store credit", hint: "Add store credit to a customer, or take back credit they haven't spent" },
  "giftcards.write": { label: "Manage gift cards", hint: "Issue gift cards, adjust their balance or disable them" },
  "customers.export": { label: "Export customers' data", hint: "Download the newsletter list" },
  "reports.read": { label: "See reports", hint: "The dashboard's sales figures and the tax report" },
  settings: { label: "Change settings", hint: "Store settings, tax, shipping, the Instagram feed and background jobs" },
  "staff.manage": { label: "Manage staff", hint: "Roles, who has which role, and the audit log" },
};

/** The permissions grouped as the staff page shows them. */
export const PERMISSION_GROUPS: readonly { label: string; permissions: readonly Permission[] }[] = [
  { label: "Orders", permissions: ["orders.read", "orders.fulfil", "orders.edit", "refunds"] },
  { label: "Products", permissions: ["products.write"] },
  { label: "Customers", permissions: ["customers.read", "customers.credit", "giftcards.write", "customers.export"] },
  { label: "Content and marketing", permissions: ["content.write", "discounts.write", "drops.write"] },
  { label: "Reports", permissions: ["reports.read"] },
  { label: "Settings and staff", permissions: ["settings", "staff.manage"] },
];

/** The built-in roles (the migration seeds them; their keys never change). */
export const OWNER_ROLE_KEY = "owner";
export const BUILTIN_ROLE_KEYS = ["owner", "manager", "fulfilment", "content_editor"] as const;
export type BuiltinRoleKey = (typeof BUILTIN_ROLE_KEYS)[number];

/** True when `held` includes every one of `wanted`. */
export function holdsAll(held: readonly string[], wanted: readonly string[]): boolean {
  return wanted.every((p) => held.includes(p));
}

/** True when the user is a staff member whose role includes `permission` (pages leave out what they can't use). */
export function can(user: { staff?: { permissions: readonly string[] } } | null | undefined, permission: Permission): boolean {
  return Boolean(user?.staff?.permissions.includes(permission));
}
