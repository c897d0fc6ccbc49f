import { X } from "lucide-react";
import { Dialog, Tabs } from "radix-ui";
import type { LazyDialogProps } from "~/components/ui/lazy-dialog";
import { QueryProvider } from "~/lib/query-client";
import { OutfitForm, SizeForm, StyleForm, type SizedProduct } from "./stylist-forms";

const tabs = [
  { value: "style", label: "Style Guide" },
  { value: "size", label: "Size Guide" },
  { value: "outfit", label: "Outfit Ideas" },
];

/** The AI Style Assistant's dialog (SPEC §2), loaded when the shopper first reaches for it (stylist-dialog.tsx). */
export default function StylistPanel({ open, onOpenChange, onCloseAutoFocus, product }: LazyDialogProps & { product?: SizedProduct }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(40rem,94vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-surface p-6 text-ink shadow-2xl focus:outline-none"
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="font-display text-2xl font-bold">AI Style Assistant</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-ink-muted">Style, size and outfit advice from what's in stock right now.</Dialog.Description>
            </div>
            <Dialog.Close aria-label="Close" className="inline-flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-surface-muted">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <QueryProvider>
            <Tabs.Root defaultValue="style" className="mt-6">
              <Tabs.List aria-label="Assistant" className="grid grid-cols-3 gap-1 rounded-full bg-surface-muted p-1">
                {tabs.map((t) => (
                  <Tabs.Trigger key={t.value} value={t.value} className="rounded-full px-3 py-2 text-sm font-semibold text-ink-muted data-[state=active]:bg-ink data-[state=active]:text-surface">
                    {t.label}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
              <Tabs.Content value="style" className="mt-5">
                <StyleForm onNavigate={() => onOpenChange(false)} />
              </Tabs.Content>
              <Tabs.Content value="size" className="mt-5">
                <SizeForm product={product} onNavigate={() => onOpenChange(false)} />
              </Tabs.Content>
              <Tabs.Content value="outfit" className="mt-5">
                <OutfitForm />
              </Tabs.Content>
            </Tabs.Root>
          </QueryProvider>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
