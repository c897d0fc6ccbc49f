import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { cn } from "~/lib/cn";

/**
 * Asks before a change that is hard to take back (suspending or removing a staff member). `trigger` is the button that
 * opens it; focus starts on Cancel and returns to the trigger; Escape cancels.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  onConfirm,
  danger = false,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  danger?: boolean;
}) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="fixed inset-x-3 top-[20vh] z-50 mx-auto max-w-md rounded-2xl border border-line bg-surface p-6 text-ink shadow-2xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 text-sm text-ink-muted">{description}</div>
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={cn(secondaryButtonClass, "h-10")}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action
              onClick={onConfirm}
              className={cn(buttonClass, "h-10", danger && "bg-red-700 text-white dark:bg-red-400 dark:text-black")}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
