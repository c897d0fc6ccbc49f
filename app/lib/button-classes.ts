/** The store's two button looks, as classes for links and buttons alike (a module of its own: pages import it without the status screen). */
export const buttonClass =
  "inline-flex h-11 items-center justify-center gap-2 rounded-full bg-ink px-6 text-sm font-semibold text-surface transition hover:opacity-90";
export const secondaryButtonClass =
  "inline-flex h-11 items-center justify-center gap-2 rounded-full border border-ink px-6 text-sm font-semibold text-ink transition hover:bg-ink hover:text-surface";
