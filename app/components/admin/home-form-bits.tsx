import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** A small pill naming a state ("Hidden", "Scheduled"); the tone keeps AA contrast in both themes. */
export function Pill({ tone = "muted", children }: { tone?: "muted" | "good" | "warn"; children: ReactNode }) {
  const tones = {
    muted: "bg-surface-muted text-ink-muted",
    good: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200",
    warn: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  };
  return <span className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold", tones[tone])}>{children}</span>;
}

