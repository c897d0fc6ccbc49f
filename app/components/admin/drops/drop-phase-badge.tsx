import type { DropPhase } from "../../../../shared/drops";
import { Pill } from "~/components/admin/home-form-bits";

const LABELS: Record<DropPhase, string> = { scheduled: "Scheduled", announced: "Announced", early: "Early access", open: "Open", closed: "Closed" };

/** A drop's phase as staff read it: open and early access green, announced amber, scheduled and closed grey. */
export function DropPhaseBadge({ phase, archived = false }: { phase: DropPhase; archived?: boolean }) {
  if (archived) return <Pill>Archived</Pill>;
  const tone = phase === "open" || phase === "early" ? "good" : phase === "announced" ? "warn" : "muted";
  return (
    <Pill tone={tone}>
      <span className="sr-only">Phase: </span>
      {LABELS[phase]}
    </Pill>
  );
}
