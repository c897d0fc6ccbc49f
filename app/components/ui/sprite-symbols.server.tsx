import { ArrowRight, BadgeCheck, ChevronDown, ChevronRight, Heart, type LucideIcon, Menu, Minus, Moon, PackageCheck, Plus, RotateCcw, Search, ShieldCheck, ShoppingBag, Sparkles, Store, Sun, Truck, User, Zap } from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import type { SpriteName } from "./sprite-icon";

/** lucide's drawings, taken on the server: the browser gets them as the sprite's HTML, not as icon components. */
const LUCIDE: Record<SpriteName, LucideIcon> = {
  "arrow-right": ArrowRight,
  "badge-check": BadgeCheck,
  bag: ShoppingBag,
  "chevron-down": ChevronDown,
  "chevron-right": ChevronRight,
  heart: Heart,
  menu: Menu,
  minus: Minus,
  moon: Moon,
  "package-check": PackageCheck,
  plus: Plus,
  "rotate-ccw": RotateCcw,
  search: Search,
  "shield-check": ShieldCheck,
  sparkles: Sparkles,
  store: Store,
  sun: Sun,
  truck: Truck,
  user: User,
  zap: Zap,
};

const drawing = (Icon: LucideIcon) => renderToStaticMarkup(<Icon />).replace(/^<svg[^>]*>|<\/svg>$/g, "");

/** Every symbol, once: the sprite's inner markup (`<symbol id="icon-…">`). */
export const SPRITE_MARKUP = Object.entries(LUCIDE)
  .map(([name, Icon]) => `<symbol id="icon-${name}" viewBox="0 0 24 24">${drawing(Icon)}</symbol>`)
  .join("");
