import { SpriteIcon } from "~/components/ui/sprite-icon";
import { type FocusEvent, type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { useMenus } from "~/lib/menus";
import type { MenuLink } from "../../../shared/menus";

const itemClass =
  "inline-flex h-10 items-center gap-1 rounded-full px-3 text-sm font-medium text-ink hover:bg-surface-muted data-[state=open]:bg-surface-muted";

const OPEN_DELAY_MS = 120; // hovering a collection opens it after this pause...
const SKIP_DELAY_MS = 300; // ...unless another one was open this recently: then at once
const CLOSE_DELAY_MS = 150; // leaving it closes it after this pause (time to move into the panel)

const isMouse = (event: PointerEvent) => event.pointerType === "mouse";

const NEXT_KEYS = ["ArrowRight", "ArrowDown"];
const PREVIOUS_KEYS = ["ArrowLeft", "ArrowUp"];

/** Moves focus with the arrow keys, Home and End among `items` (no wrapping), as Radix's navigation menu did. */
function moveFocus(event: KeyboardEvent, items: HTMLElement[]) {
  const current = items.indexOf(event.currentTarget as HTMLElement);
  let target: HTMLElement | undefined;
  if (NEXT_KEYS.includes(event.key)) target = items[current + 1];
  else if (PREVIOUS_KEYS.includes(event.key)) target = items[current - 1];
  else if (event.key === "Home") target = items[0];
  else if (event.key === "End") target = items[items.length - 1];
  else return;
  event.preventDefault();
  target?.focus();
}

/**
 * The desktop navigation: collections open on hover and by keyboard (Enter or Space toggles, ArrowDown enters the
 * open panel, arrows move between items, Escape closes and returns to the button). A disclosure menu (buttons with
 * aria-expanded controlling their panel), written out rather than taken from Radix's NavigationMenu, which cost every
 * page about 15 KB of JavaScript; the panels' links are in the server's HTML, hidden until opened.
 */
export function DesktopNav({ pathname }: { pathname: string }) {
  const { header } = useMenus();
  const baseId = useId();
  const [openValue, setOpenValue] = useState<string | null>(null);
  const [shownPath, setShownPath] = useState(pathname);
  const listRef = useRef<HTMLUListElement>(null);
  const timers = useRef({ open: 0, close: 0, skip: 0 });
  const skipDelay = useRef(false);
  const hoverOpened = useRef<string | null>(null); // the item this pointer visit opened (one open per visit)
  const clickClosed = useRef<string | null>(null); // closed by a click or Escape: hover must not reopen it until the pointer comes back
  const hoverShown = useRef<string | null>(null); // opened by hover and not clicked since: the first click keeps it open

  // Following a link (or any navigation) closes the panel.
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpenValue(null);
  }

  function setOpen(value: string | null) {
    const t = timers.current;
    window.clearTimeout(t.open);
    window.clearTimeout(t.close);
    window.clearTimeout(t.skip);
    if (value) skipDelay.current = true;
    else {
      hoverShown.current = null;
      t.skip = window.setTimeout(() => (skipDelay.current = false), SKIP_DELAY_MS);
    }
    setOpenValue(value);
  }

  const startClose = () => {
    window.clearTimeout(timers.current.open);
    window.clearTimeout(timers.current.close);
    timers.current.close = window.setTimeout(() => setOpen(null), CLOSE_DELAY_MS);
  };

  useEffect(() => {
    const t = timers.current;
    return () => {
      window.clearTimeout(t.open);
      window.clearTimeout(t.close);
      window.clearTimeout(t.skip);
    };
  }, []);

  // While a panel is open: Escape closes it (focus back on its button when it was inside), a press elsewhere closes it.
  useEffect(() => {
    if (!openValue) return;
    const item = () => listRef.current?.querySelector<HTMLElement>(`[data-item="${CSS.escape(openValue)}"]`);
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      const focusInside = item()?.contains(document.activeElement);
      clickClosed.current = openValue;
      setOpen(null);
      if (focusInside) item()?.querySelector<HTMLElement>("button")?.focus();
    };
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!item()?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [openValue]);

  const topLevelItems = () => Array.from(listRef.current?.querySelectorAll<HTMLElement>(":scope > li > :is(a, button)") ?? []);

  return (
    <nav aria-label="Main" className="relative hidden lg:block">
      <ul ref={listRef} className="flex items-center gap-0.5">
        {header.map((group, index) => {
          if (group.links.length === 0) return <PlainLink key={`${index}:${group.href}`} link={group} current={pathname === group.href} onKeyDown={(event) => moveFocus(event, topLevelItems())} />;
          const value = `${index}:${group.href}`; // two items may share an address
          const open = openValue === value;
          const triggerId = `${baseId}-trigger-${index}`;
          const panelId = `${baseId}-panel-${index}`;
          const onBlur = (event: FocusEvent<HTMLLIElement>) => {
            // Focus moving out of this collection (to another item or off the menu) closes it.
            if (open && event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node)) setOpen(null);
          };
          return (
            <li
              key={value}
              data-item={value}
              className="relative"
              onBlur={onBlur}
              onPointerEnter={(event) => {
                if (!isMouse(event)) return;
                window.clearTimeout(timers.current.close);
              }}
              onPointerLeave={(event) => {
                if (!isMouse(event)) return;
                hoverOpened.current = null;
                clickClosed.current = null;
                hoverShown.current = null;
                startClose();
              }}
            >
              <button
                type="button"
                id={triggerId}
                aria-expanded={open}
                aria-controls={panelId}
                data-state={open ? "open" : "closed"}
                className={itemClass}
                onPointerMove={(event) => {
                  if (!isMouse(event) || hoverOpened.current === value || clickClosed.current === value) return;
                  hoverOpened.current = value;
                  window.clearTimeout(timers.current.open);
                  window.clearTimeout(timers.current.close);
                  if (open) return;
                  const openByHover = () => {
                    hoverShown.current = value;
                    setOpen(value);
                  };
                  if (skipDelay.current) openByHover();
                  else timers.current.open = window.setTimeout(openByHover, OPEN_DELAY_MS);
                }}
                onClick={() => {
                  // A click that lands just after hover opened the panel means "open it", not "close it".
                  const keep = open && hoverShown.current === value;
                  hoverShown.current = null;
                  if (keep) return;
                  if (open) clickClosed.current = value;
                  setOpen(open ? null : value);
                }}
                onKeyDown={(event) => {
                  if (open && event.key === "ArrowDown") {
                    event.preventDefault();
                    document.getElementById(panelId)?.querySelector<HTMLElement>("a")?.focus();
                    return;
                  }
                  moveFocus(event, topLevelItems());
                }}
              >
                {group.label}
                {group.badge && <Badge text={group.badge} />}
                <SpriteIcon name="chevron-down" className="size-4 transition-transform duration-200 in-data-[state=open]:rotate-180" />
              </button>
              <div id={panelId} aria-labelledby={triggerId} hidden={!open} data-state={open ? "open" : "closed"} className="absolute left-0 top-full z-50 pt-2">
                <ul className="w-60 rounded-2xl border border-line bg-surface-raised p-2 shadow-xl shadow-black/10">
                  {[{ label: `Shop all ${group.label.toLowerCase()}`, href: group.href, all: true }, ...group.links].map((link) => (
                    <li key={link.href}>
                      <Link
                        to={link.href}
                        onClick={() => setOpen(null)}
                        onKeyDown={(event) => moveFocus(event, Array.from(document.getElementById(panelId)?.querySelectorAll<HTMLElement>("a") ?? []))}
                        className={
                          "all" in link
                            ? "block rounded-xl px-3 py-2 text-sm font-semibold hover:bg-surface-muted"
                            : "block rounded-xl px-3 py-2 text-sm text-ink-muted hover:bg-surface-muted hover:text-ink"
                        }
                      >
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A header link with no dropdown (a page, an address, a collection without subcategories), with its badge. */
function PlainLink({ link, current, onKeyDown }: { link: MenuLink; current: boolean; onKeyDown: (event: KeyboardEvent) => void }) {
  return (
    <li>
      <Link to={link.href} aria-current={current ? "page" : undefined} onKeyDown={onKeyDown} className={cn(itemClass, "aria-[current=page]:text-brand-700 dark:aria-[current=page]:text-brand-500")}>
        {link.label}
        {link.badge && <Badge text={link.badge} />}
      </Link>
    </li>
  );
}

const Badge = ({ text }: { text: string }) => <span className="rounded-full bg-brand-700 px-1.5 py-0.5 text-[0.625rem] font-bold leading-none tracking-wide text-white">{text}</span>;
