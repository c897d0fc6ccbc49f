import { SpriteIcon } from "~/components/ui/sprite-icon";
import { lazyDialog, LazyMount, useLazyDialogTrigger } from "~/components/ui/lazy-dialog";

const drawer = lazyDialog(() => import("./mobile-menu-drawer"));

/** The phone navigation: a drawer from the left with search and every link of the desktop menu, loaded on first use. */
export function MobileMenu() {
  const { open, triggerProps, dialogProps } = useLazyDialogTrigger(drawer.preload);
  return (
    <>
      <button {...triggerProps} aria-label="Open menu" className="inline-flex size-10 items-center justify-center rounded-full hover:bg-surface-muted lg:hidden">
        <SpriteIcon name="menu" className="size-5" />
      </button>
      <LazyMount when={open}>
        <drawer.Dialog {...dialogProps} />
      </LazyMount>
    </>
  );
}
