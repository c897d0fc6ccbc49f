import { cn } from "~/lib/cn";

/**
 * Icons every product card shows (60 on a listing) are drawn once in the page as symbols and referenced with <use>,
 * instead of a full inline SVG per card. The symbols' paths take the outer <svg>'s stroke and fill.
 */
const SYMBOLS = {
  bag: ["M16 10a4 4 0 0 1-8 0", "M3.103 6.034h17.794", "M3.4 5.467a2 2 0 0 0-.4 1.2V20a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6.667a2 2 0 0 0-.4-1.2l-2-2.667A2 2 0 0 0 17 2H7a2 2 0 0 0-1.6.8z"],
  heart: ["M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5"],
} as const;

export type SpriteName = keyof typeof SYMBOLS;

/** Once per page, at the top of the body. */
export function IconSprite() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute">
      {Object.entries(SYMBOLS).map(([name, paths]) => (
        <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24">
          {paths.map((d) => (
            <path key={d} d={d} />
          ))}
        </symbol>
      ))}
    </svg>
  );
}

/** A decorative icon from the sprite (lucide's line style); colour and fill come from the class. */
export function SpriteIcon({ name, className }: { name: SpriteName; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className={cn("shrink-0", className)}>
      <use href={`#icon-${name}`} />
    </svg>
  );
}
