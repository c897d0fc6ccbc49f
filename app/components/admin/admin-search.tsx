import { Dialog } from "radix-ui";
import { Search } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { AdminSearchResults } from "../../../server/admin-search/admin-search-schemas";
import { apiRequest } from "~/lib/api";
import { formatPrice } from "~/lib/money";

interface Option {
  id: string;
  href: string;
  label: string;
  detail: string;
}
interface Group {
  label: string;
  options: Option[];
}

const SEARCH_MAX = 100;

function groupsOf(results: AdminSearchResults | null): Group[] {
  if (!results) return [];
  const groups: Group[] = [
    { label: "Orders", options: results.orders.map((o) => ({ id: `order-${o.orderNumber}`, href: `/admin/orders/${o.orderNumber}`, label: o.orderNumber, detail: `${o.email} · ${o.status} · ${formatPrice(o.total)}` })) },
    {
      label: "Products",
      options: results.products.map((p) => ({ id: `product-${p.id}`, href: `/admin/products/${p.id}`, label: p.name, detail: [p.matched ?? p.handle, p.status].join(" · ") })),
    },
    { label: "Customers", options: results.customers.map((c) => ({ id: `customer-${c.email}`, href: `/admin/customers/${encodeURIComponent(c.email)}`, label: c.name || c.email, detail: c.email })) },
    { label: "Content", options: results.content.map((e) => ({ id: `content-${e.id}`, href: `/admin/content/${e.id}`, label: e.title, detail: `${e.kind} · ${e.status}` })) },
  ];
  return groups.filter((g) => g.options.length > 0);
}

/** True when a key press is meant for a field (typing "/" in a search box or an editor must not open the search). */
function typingInField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) || target.closest("[role=dialog]") !== null;
}

/** Whether this key press opens the staff search: "/" outside fields, or Ctrl+K (⌘K on a Mac) anywhere. */
export function opensAdminSearch(event: KeyboardEvent): boolean {
  // A shortcut the focused control took (an editor's own Ctrl+K) stays its own.
  if (event.defaultPrevented) return false;
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k") return !(event.target instanceof HTMLElement && event.target.isContentEditable);
  return event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey && !typingInField(event.target);
}

/** Opens the staff search on its keyboard shortcut, from anywhere on a staff page. */
export function useAdminSearchShortcut(open: () => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!opensAdminSearch(event)) return;
      event.preventDefault();
      open();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
}

/** A button that opens the search (the sidebar's, the phone header's). */
export function AdminSearchButton({ onOpen }: { onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-haspopup="dialog"
      aria-keyshortcuts="/ Control+K Meta+K"
      className="flex h-10 w-full items-center gap-2 rounded-full border border-line bg-surface px-4 text-sm text-ink-muted hover:border-ink-muted"
    >
      <Search aria-hidden="true" className="size-4 shrink-0" />
      <span className="flex-1 text-left">Search</span>
      <kbd aria-hidden="true" className="hidden rounded border border-line px-1.5 font-sans text-xs sm:inline">
        /
      </kbd>
    </button>
  );
}

/**
 * The staff search: a dialog with a combobox; results come grouped (orders, products, customers, content) as the staff
 * member types, the arrow keys move through them and Enter opens one. Closing gives the focus back to where it was.
 */
export function AdminSearchDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-3 top-[8vh] z-50 mx-auto flex max-h-[80vh] max-w-2xl flex-col overflow-hidden rounded-2xl bg-surface text-ink shadow-2xl focus:outline-none"
        >
          <Dialog.Title className="sr-only">Search the store</Dialog.Title>
          {open && <SearchPanel onDone={() => onOpenChange(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SearchPanel({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const [q, setQ] = useState("");
  const [results, setResults] = useState<AdminSearchResults | null>(null);
  const [failed, setFailed] = useState(false);
  const [active, setActive] = useState(0);
  const latest = useRef(0);
  const query = q.trim();

  useEffect(() => {
    if (!query) return;
    const ticket = ++latest.current;
    const timer = setTimeout(() => {
      apiRequest<AdminSearchResults>("GET", `/api/admin/search?q=${encodeURIComponent(query.slice(0, SEARCH_MAX))}`)
        .then((found) => {
          if (ticket !== latest.current) return;
          setResults(found);
          setFailed(false);
          setActive(0);
        })
        .catch(() => ticket === latest.current && setFailed(true));
    }, 120);
    return () => clearTimeout(timer);
  }, [query]);

  const groups = useMemo(() => groupsOf(query ? results : null), [query, results]);
  const options = groups.flatMap((g) => g.options);
  const current = options[Math.min(active, options.length - 1)];
  const optionId = (option: Option) => `${id}-${option.id}`;

  function go(option: Option | undefined) {
    if (!option) return;
    onDone();
    void navigate(option.href);
  }
  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (options.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (Math.min(i, options.length - 1) + step + options.length) % options.length);
    } else if (event.key === "Enter") {
      event.preventDefault();
      go(current);
    }
  }

  useEffect(() => {
    if (current) document.getElementById(optionId(current))?.scrollIntoView({ block: "nearest" });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current?.id]);

  const searched = query && results?.q === query;
  const status = !query ? "" : failed ? "The search failed. Try again." : !searched ? "Searching…" : options.length === 0 ? `Nothing found for “${query}”` : `${options.length} result${options.length === 1 ? "" : "s"}`;
  return (
    <>
      <div className="flex items-center gap-3 border-b border-line px-4">
        <Search aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
        <input
          type="text"
          role="combobox"
          aria-label="Search orders, products, customers and content"
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={current ? optionId(current) : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_MAX}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Order number or email, product, SKU, customer, page…"
          className="h-14 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-ink-muted"
        />
        <kbd className="hidden rounded border border-line px-1.5 text-xs text-ink-muted sm:inline">Esc</kbd>
      </div>
      <div id={listId} role="listbox" aria-label="Search results" className="overflow-y-auto p-2">
        {groups.map((group) => (
          <div key={group.label} role="group" aria-labelledby={`${id}-${group.label}`} className="mb-2">
            <div id={`${id}-${group.label}`} role="presentation" className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-widest text-ink-muted">
              {group.label}
            </div>
            {group.options.map((option) => {
              const selected = option === current;
              return (
                <div
                  key={option.id}
                  id={optionId(option)}
                  role="option"
                  aria-selected={selected}
                  onMouseMove={() => setActive(options.indexOf(option))}
                  onClick={() => go(option)}
                  className={`cursor-pointer rounded-xl px-3 py-2 ${selected ? "bg-surface-muted ring-2 ring-brand-700" : ""}`}
                >
                  <div className="truncate font-medium">{option.label}</div>
                  <div className="truncate text-sm text-ink-muted">{option.detail}</div>
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <p role="status" className={status ? "border-t border-line px-4 py-2 text-sm text-ink-muted" : "sr-only"}>
        {status}
      </p>
    </>
  );
}
