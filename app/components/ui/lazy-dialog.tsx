import { Component, type ComponentType, lazy, type ReactNode, Suspense, useCallback, useRef, useState } from "react";

/** What every lazily loaded dialog receives: Radix's controlled state and where focus goes back when it closes. */
export interface LazyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Radix returns focus to its own Trigger; these dialogs have a plain button instead, so they call this. */
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * A dialog whose code (Radix and the dialog's contents) is not part of the page's first load: it is fetched when the
 * shopper shows intent (pointer over, focus or touch on the button) and at the latest when the dialog opens.
 * `load` must be an `import()` of a module whose default export is the dialog.
 */
export function lazyDialog<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loading: Promise<unknown> | undefined;
  return {
    Dialog: lazy(load),
    /** Starts the download early; the browser's module map makes the later import() reuse it. */
    preload: () => {
      loading ??= load().catch(() => {
        loading = undefined; // offline for a moment: try again next time
      });
    },
  };
}

/** A chunk that cannot be fetched (offline, a deploy replaced it) must not take the page down: show nothing instead. */
class LazyBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Renders a lazily loaded dialog once it has been opened (and keeps it mounted afterwards). */
export function LazyMount({ when, children }: { when: boolean; children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  if (when && !mounted) setMounted(true);
  if (!mounted && !when) return null;
  return (
    <LazyBoundary>
      <Suspense fallback={null}>{children}</Suspense>
    </LazyBoundary>
  );
}

/**
 * State and props for a server-rendered button that opens a lazily loaded dialog. The button carries what Radix's
 * Dialog.Trigger would (aria-haspopup, aria-expanded) and gets focus back when the dialog closes.
 */
export function useLazyDialogTrigger(preload: () => void) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const onCloseAutoFocus = useCallback((event: Event) => {
    event.preventDefault();
    triggerRef.current?.focus();
  }, []);
  const triggerProps = {
    ref: triggerRef,
    type: "button" as const,
    "aria-haspopup": "dialog" as const,
    "aria-expanded": open,
    "data-state": open ? "open" : "closed",
    onPointerEnter: preload,
    onFocus: preload,
    onTouchStart: preload,
    onClick: () => setOpen(true),
  };
  const dialogProps: LazyDialogProps = { open, onOpenChange: setOpen, onCloseAutoFocus };
  return { open, setOpen, triggerProps, dialogProps };
}
