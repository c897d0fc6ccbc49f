import { SpriteIcon } from "~/components/ui/sprite-icon";
import { useSyncExternalStore } from "react";
import { applyTheme, currentTheme, type Theme } from "~/lib/theme";

/** The <html> class is the source of truth (set before paint by the boot script); follow its changes. */
function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

export function ThemeToggle() {
  // null while rendering on the server, which cannot know the visitor's choice.
  const theme = useSyncExternalStore<Theme | null>(subscribe, currentTheme, () => null);
  const next: Theme = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      onClick={() => applyTheme(next)}
      aria-label={theme ? `Switch to ${next} theme` : "Toggle theme"}
      className="inline-flex size-10 items-center justify-center rounded-full text-ink hover:bg-surface-muted"
    >
      <SpriteIcon name="sun" className="hidden size-5 dark:block" />
      <SpriteIcon name="moon" className="size-5 dark:hidden" />
    </button>
  );
}
