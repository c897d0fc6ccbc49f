import { SpriteIcon } from "~/components/ui/sprite-icon";
import { type FormEvent, useId, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { cn } from "~/lib/cn";
import type { SearchSuggest, SuggestHandlers } from "./search-suggest";

/**
 * Submits to /search?q= only when the text is non-empty after trimming (SPEC §1). It is an ARIA combobox: the
 * suggestions' code (search-suggest.tsx) loads on first focus, so pages that are never searched don't carry it.
 */
export function SearchBox({ className, onSearch, query }: { className?: string; onSearch?: () => void; query?: string }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // The words searched for, shown in the box on the search page (the header passes them, so its island wakes on them).
  const current = query ?? (pathname === "/search" ? (new URLSearchParams(search).get("q") ?? "") : "");
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const handlers = useRef<SuggestHandlers>({});
  const [Suggest, setSuggest] = useState<typeof SearchSuggest | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<string | undefined>();
  function load() {
    if (!Suggest) void import("./search-suggest").then((m) => setSuggest(() => m.SearchSuggest));
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    if (!q) return;
    onSearch?.();
    navigate(`/search?q=${encodeURIComponent(q)}`);
  }
  return (
    <form role="search" aria-label="Products" action="/search" method="get" onSubmit={submit} className={cn("relative", className)}>
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <SpriteIcon name="search" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-ink-muted" />
      <input
        ref={input}
        id={id}
        key={current}
        defaultValue={current}
        name="q"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={Suggest ? `${id}-list` : undefined}
        aria-activedescendant={open ? active : undefined}
        onFocus={load}
        onPointerEnter={load}
        onInput={(e) => handlers.current.input?.(e.currentTarget.value)}
        onKeyDown={(e) => handlers.current.keyDown?.(e)}
        onBlur={() => handlers.current.blur?.()}
        required
        pattern=".*\S.*"
        maxLength={100}
        autoComplete="off"
        placeholder="Search products"
        className="h-10 w-full rounded-full border border-line bg-surface-muted pl-9 pr-4 text-sm text-ink placeholder:text-ink-muted focus:border-brand-500 focus:bg-surface focus:outline-none focus-visible:outline-2"
      />
      {Suggest && <Suggest input={input} handlers={handlers} listId={`${id}-list`} onOpen={setOpen} onActive={setActive} onPick={onSearch} />}
    </form>
  );
}
