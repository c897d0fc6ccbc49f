import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import type { LazyDialogProps } from "./lazy-dialog";

const edges = {
  left: "inset-y-0 left-0 w-[min(22rem,88vw)]",
  right: "inset-y-0 right-0 w-[min(28rem,100vw)]",
  bottom: "inset-x-0 bottom-0 max-h-[85vh] rounded-t-3xl",
};

/**
 * A modal panel on one edge of the screen, with its title and a close button: the phone menu, the cart drawer and the
 * phone filters. A sheet without `description` must render its own Dialog.Description among its children.
 */
export function Sheet({
  open,
  onOpenChange,
  onCloseAutoFocus,
  edge,
  title,
  description,
  closeLabel,
  children,
}: LazyDialogProps & { edge: keyof typeof edges; title: string; description?: string; closeLabel: string; children: ReactNode }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content onCloseAutoFocus={onCloseAutoFocus} className={`fixed z-50 flex flex-col bg-surface text-ink shadow-2xl focus:outline-none ${edges[edge]}`}>
          <header className="flex h-16 shrink-0 items-center justify-between border-b border-line px-5">
            <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
            {description && <Dialog.Description className="sr-only">{description}</Dialog.Description>}
            <Dialog.Close aria-label={closeLabel} className="inline-flex size-10 items-center justify-center rounded-full hover:bg-surface-muted">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </header>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
