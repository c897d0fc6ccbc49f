import { Link } from "react-router";

export function Logo() {
  return (
    <Link to="/" className="flex items-baseline gap-1.5 rounded-md font-display" aria-label="VSOP Apparel, home">
      <span className="text-2xl font-black tracking-[0.18em]">VSOP</span>
      <span className="hidden text-[0.65rem] font-semibold uppercase tracking-[0.3em] text-ink-muted sm:inline">Apparel</span>
    </Link>
  );
}
