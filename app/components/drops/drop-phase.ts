import type { DropPhase } from "../../../shared/drops";

type Shown = Exclude<DropPhase, "scheduled">;

/** The hero's badge for a drop's phase; a sold-out drop says so whatever the clock says. */
export function dropBadge(phase: Shown, soldOut: boolean): string {
  if (soldOut && phase !== "announced" && phase !== "early") return "SOLD OUT";
  return { announced: "COMING SOON", early: "EARLY ACCESS", open: "PRE-ORDER", closed: "PRE-ORDERS CLOSED" }[phase];
}

/** What the countdown runs to: the opening until it opens, then the close; null once closed (the ended state). */
export function countdownTarget(drop: { opensAt: string; preorderClosesAt: string }, phase: Shown): { label: string; target: string } {
  if (phase === "announced" || phase === "early") return { label: "Opens in", target: drop.opensAt };
  return { label: "Pre-order closes in", target: drop.preorderClosesAt };
}
