import { createContext, useContext } from "react";
import { cn } from "~/lib/cn";

/** The icons in the page's sprite (app/components/ui/sprite-symbols.server.tsx draws them). */
export type SpriteName =
  | "arrow-right"
  | "badge-check"
  | "bag"
  | "chevron-down"
  | "chevron-right"
  | "heart"
  | "menu"
  | "minus"
  | "moon"
  | "package-check"
  | "plus"
  | "rotate-ccw"
  | "search"
  | "shield-check"
  | "sparkles"
  | "store"
  | "sun"
  | "truck"
  | "user"
  | "zap";

/**
 * The sprite's markup: given by the server's render (app/entry.server.tsx), empty in the browser, so that the icons'
 * drawings are in the page's HTML once and in none of its JavaScript.
 */
export const SpriteMarkupContext = createContext("");

/** The browser keeps the server's symbols: one constant object, so React never writes this element's HTML again. */
const KEEP_SERVER_HTML = { __html: "" };

/** Once per page, at the top of the body: the symbols every SpriteIcon refers to. */
export function IconSprite() {
  const markup = useContext(SpriteMarkupContext);
  return <svg aria-hidden="true" width="0" height="0" className="absolute" suppressHydrationWarning dangerouslySetInnerHTML={markup ? { __html: markup } : KEEP_SERVER_HTML} />;
}

/** A decorative icon from the sprite (lucide's line style); colour and fill come from the class. */
export function SpriteIcon({ name, className }: { name: SpriteName; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className={cn("shrink-0", className)}>
      <use href={`#icon-${name}`} />
    </svg>
  );
}
