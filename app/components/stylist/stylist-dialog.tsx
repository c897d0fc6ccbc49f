import { SpriteIcon } from "~/components/ui/sprite-icon";
import { cn } from "~/lib/cn";
import { lazyDialog, LazyMount, useLazyDialogTrigger } from "~/components/ui/lazy-dialog";
import type { SizedProduct } from "./stylist-forms";

const panel = lazyDialog(() => import("./stylist-panel"));

/**
 * The AI Style Assistant (SPEC §2): style, size and outfit advice grounded in the catalogue. The button is part of
 * the page; the dialog, its tabs and forms load when the shopper reaches for the button. On a product page, size
 * advice is for that product, and takes what its buyers say of the fit into account.
 */
export function StylistDialog({ triggerClassName, label = "AI Style Assistant", product }: { triggerClassName?: string; label?: string; product?: SizedProduct }) {
  const { open, triggerProps, dialogProps } = useLazyDialogTrigger(panel.preload);
  return (
    <>
      <button {...triggerProps} className={cn("inline-flex h-11 items-center justify-center gap-2 rounded-full border px-6 text-sm font-semibold transition", triggerClassName)}>
        <SpriteIcon name="sparkles" className="size-4" /> {label}
      </button>
      <LazyMount when={open}>
        <panel.Dialog {...dialogProps} product={product} />
      </LazyMount>
    </>
  );
}
