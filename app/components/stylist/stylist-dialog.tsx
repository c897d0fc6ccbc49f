import { Sparkles, X } from "lucide-react";
import { Dialog, Tabs } from "radix-ui";
import { secondaryButtonClass } from "~/components/layout/status-screen";

const tabs = [
  { value: "style", label: "Style Guide", text: "Tell us your style, occasion, budget and colours for a recommendation from the catalogue." },
  { value: "size", label: "Size Guide", text: "Give your height, weight, chest and waist and the fit you like for a size recommendation." },
  { value: "outfit", label: "Outfit Ideas", text: "Pick VSOP pieces and get outfits built around them." },
];

/** The AI Style Assistant's dialog (SPEC §2): the three tabs; the advice itself comes from the stylist service. */
export function StylistDialog() {
  return (
    <Dialog.Root>
      <Dialog.Trigger className={`${secondaryButtonClass} border-white text-white hover:bg-white hover:text-black`}>
        <Sparkles aria-hidden="true" className="size-4" /> AI Style Assistant
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(36rem,94vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-surface p-6 text-ink shadow-2xl focus:outline-none">
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="font-display text-2xl font-bold">AI Style Assistant</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-ink-muted">Style, size and outfit advice for the VSOP collection.</Dialog.Description>
            </div>
            <Dialog.Close aria-label="Close" className="inline-flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-surface-muted">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Tabs.Root defaultValue="style" className="mt-6">
            <Tabs.List aria-label="Assistant" className="grid grid-cols-3 gap-1 rounded-full bg-surface-muted p-1">
              {tabs.map((t) => (
                <Tabs.Trigger key={t.value} value={t.value} className="rounded-full px-3 py-2 text-sm font-semibold text-ink-muted data-[state=active]:bg-ink data-[state=active]:text-surface">
                  {t.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {tabs.map((t) => (
              <Tabs.Content key={t.value} value={t.value} className="mt-5 text-sm text-ink-muted">
                {t.text}
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
