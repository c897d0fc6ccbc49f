import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { formatPrice } from "~/lib/money";

/** What the search box forwards from its input (search-box.tsx), so a remounted input keeps working. */
export interface SuggestHandlers {
  input?(value: string): void;
  keyDown?(event: KeyboardEvent<HTMLInputElement>): void;
  blur?(): void;
}

interface Suggestions {
  q: string;
  corrected: string | null;
  products: { id: number; name: string; price: number; compareAtPrice: number | null; image: string }[];
  collections: { name: string; href: string }[];
  pages: { title: string; href: string }[];
}

type Option = { id: string; href: string };

const MIN_CHARS = 2;
const DEBOUNCE_MS = 150;

/**
 * The header's suggestions (issue 33): from 2 characters, 150 ms after the last key, up to 6 products with photo
 * and price, then collections and pages. The ARIA combobox pattern: arrows move through the options (the input keeps
 * focus, aria-activedescendant names the option), Enter opens the active one, Escape closes, and a polite status
 * says how many there are.
 */
export function SearchSuggest({ input, handlers, listId, onOpen, onActive, onPick }: { input: RefObject<HTMLInputElement | null>; handlers: RefObject<SuggestHandlers>; listId: string; onOpen(open: boolean): void; onActive(id: string | undefined): void; onPick?: () => void }) {
  const navigate = useNavigate();
  const [data, setData] = useState<Suggestions | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const request = useRef<AbortController>(undefined);

  const options: Option[] = data
    ? [
        ...data.products.map((p) => ({ id: `${listId}-p${p.id}`, href: `/product/${p.id}` })),
        ...data.collections.map((c, i) => ({ id: `${listId}-c${i}`, href: c.href })),
        ...data.pages.map((p, i) => ({ id: `${listId}-g${i}`, href: p.href })),
      ]
    : [];
  const shown = open && data !== null;

  useEffect(() => onOpen(shown), [shown, onOpen]);
  const activeId = options[active]?.id;
  useEffect(() => onActive(activeId), [activeId, onActive]);

  function close() {
    setOpen(false);
    setActive(-1);
  }
  function go(href: string) {
    close();
    onPick?.();
    navigate(href);
  }
  async function fetchFor(q: string) {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    try {
      const res = await fetch(`/api/search/suggest?q=${encodeURIComponent(q)}`, { signal: controller.signal });
      if (!res.ok) return;
      setData((await res.json()) as Suggestions);
      setActive(-1);
      setOpen(true);
    } catch {
      // Aborted by the next keystroke, or offline: the box still submits to the search page.
    }
  }

  function onInput(value: string) {
    clearTimeout(timer.current);
    const q = value.trim();
    if (q.length < MIN_CHARS) {
      request.current?.abort();
      setData(null);
      close();
      return;
    }
    timer.current = setTimeout(() => void fetchFor(q.slice(0, 100)), DEBOUNCE_MS);
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!data || options.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      // From the input (-1) down through the options and back to the input.
      setActive((i) => {
        const next = i + step;
        return next < -1 ? options.length - 1 : next >= options.length ? -1 : next;
      });
    } else if (event.key === "Enter" && shown && options[active]) {
      event.preventDefault();
      go(options[active].href);
    } else if (event.key === "Escape" && shown) {
      event.preventDefault();
      close();
    }
  }
  // The box calls the latest handlers. A click on an option lands before the blur: the panel's onMouseDown keeps
  // the focus in the input.
  useEffect(() => {
    Object.assign(handlers.current, { input: onInput, keyDown: onKeyDown, blur: close });
  });
  // What was typed while this code was loading counts too.
  useEffect(() => {
    const typed = input.current?.value ?? "";
    if (typed.trim()) handlers.current.input?.(typed);
  }, [input, handlers]);

  useEffect(() => () => {
    clearTimeout(timer.current);
    request.current?.abort();
  }, []);

  const count = data ? data.products.length + data.collections.length + data.pages.length : 0;
  const status = !shown ? "" : count === 0 ? "No suggestions" : `${count} ${count === 1 ? "suggestion" : "suggestions"}${data.corrected ? ` for ${data.corrected}` : ""}, use up and down arrows to choose`;
  const optionClass = (id: string) => `flex cursor-pointer items-center gap-3 rounded-xl px-2 py-1.5 text-sm ${activeId === id ? "bg-surface-muted text-ink" : "text-ink"} hover:bg-surface-muted`;
  const groupLabel = "px-2 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-ink-muted";

  return (
    <>
      <div role="status" className="sr-only">
        {status}
      </div>
      <div hidden={!shown} onMouseDown={(e) => e.preventDefault()} className="absolute left-0 right-0 top-full z-50 mt-2 rounded-2xl border border-line bg-surface p-2 shadow-xl md:left-auto md:w-[24rem]">
        {data?.corrected && count > 0 && (
          <p className="px-2 pb-1 text-xs text-ink-muted">
            Showing results for <strong className="text-ink">{data.corrected}</strong>
          </p>
        )}
        <div id={listId} role="listbox" aria-label="Search suggestions">
          {data && data.products.length > 0 && (
            <div role="group" aria-label="Products">
              <div aria-hidden="true" className={groupLabel}>Products</div>
              {data.products.map((p) => {
                const id = `${listId}-p${p.id}`;
                return (
                  <div key={id} id={id} role="option" aria-selected={activeId === id} onClick={() => go(`/product/${p.id}`)} className={optionClass(id)}>
                    <img src={p.image} alt="" width={40} height={40} loading="lazy" className="size-10 shrink-0 rounded-lg bg-surface-muted object-cover" />
                    <span className="min-w-0 flex-1 truncate">{p.name}</span>
                    <span className="shrink-0 tabular-nums text-ink-muted">{formatPrice(p.price)}</span>
                  </div>
                );
              })}
            </div>
          )}
          {data && data.collections.length > 0 && (
            <div role="group" aria-label="Collections">
              <div aria-hidden="true" className={groupLabel}>Collections</div>
              {data.collections.map((c, i) => (
                <div key={c.href} id={`${listId}-c${i}`} role="option" aria-selected={activeId === `${listId}-c${i}`} onClick={() => go(c.href)} className={optionClass(`${listId}-c${i}`)}>
                  {c.name}
                </div>
              ))}
            </div>
          )}
          {data && data.pages.length > 0 && (
            <div role="group" aria-label="Pages">
              <div aria-hidden="true" className={groupLabel}>Pages</div>
              {data.pages.map((p, i) => (
                <div key={p.href} id={`${listId}-g${i}`} role="option" aria-selected={activeId === `${listId}-g${i}`} onClick={() => go(p.href)} className={optionClass(`${listId}-g${i}`)}>
                  {p.title}
                </div>
              ))}
            </div>
          )}
        </div>
        {data && count === 0 && <p className="px-2 py-3 text-sm text-ink-muted">No suggestions. Press Enter to search all products.</p>}
        {data && count > 0 && (
          <button type="submit" className="mt-1 w-full rounded-xl px-2 py-2 text-left text-sm font-semibold text-brand-700 hover:bg-surface-muted dark:text-brand-500">
            See all results for “{data.q}”
          </button>
        )}
      </div>
    </>
  );
}
