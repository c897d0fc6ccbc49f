import type { UIMatch } from "react-router";

/** What a route's `handle` says to make its page a printable document (an invoice): no frame or pop-ups around it. */
export const STANDALONE = { standalone: true } as const;

/**
 * Whether the page stands alone: its route says so and its loader answered. An error (a 404, a staff member without
 * the permission) shows in the usual frame instead, with its way back.
 */
export const isStandalone = (matches: UIMatch[]) => matches.some((m) => (m.handle as { standalone?: boolean } | undefined)?.standalone && m.loaderData !== undefined);
