import { createContext, type ReactNode, useContext, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import type { User } from "../../server/accounts/user-types";
import { anonymousViewer, formatViewerSlot, type Viewer as SharedViewer, viewerCss, type ViewerSlot } from "../../shared/viewer";
import type { loader as rootLoader } from "../root";
import { apiRequest } from "./api";
import { onSessionChange } from "./session";
import { stitchedJson } from "./stitched-json";
import { Store, useStore } from "./store";

type Viewer = SharedViewer<User>;

/** What the root loader says of the visitor on a personal route; null on a public route (decision 0034). */
type Personal = NonNullable<Awaited<ReturnType<typeof rootLoader>>["personal"]>;

const viewerOfPersonal = (personal: Personal | null | undefined): Viewer | null =>
  personal ? { user: personal.user, cartCount: personal.cart.itemCount, favoriteIds: personal.favoriteIds } : null;


/** The visitor as this browser last knew it: the stitched JSON, then `GET /api/viewer` after signing in or out. */
class ViewerStore extends Store<Viewer> {
  refetch(): Promise<void> {
    return apiRequest<Viewer>("GET", "/api/viewer").then(
      (viewer) => this.set(viewer),
      () => {}, // the last viewer stays; the next change asks again
    );
  }
}

const ViewerContext = createContext<ViewerStore | null>(null);
/** The viewer the page was rendered with: the visitor on a personal route, nobody on a shared one. */
const RenderedViewerContext = createContext<Viewer>(anonymousViewer);

export function ViewerProvider({ children }: { children: ReactNode }) {
  const personal = useRouteLoaderData<typeof rootLoader>("root")?.personal;
  const [store] = useState(() => new ViewerStore(stitchedJson<Viewer>("viewer") ?? viewerOfPersonal(personal) ?? anonymousViewer));
  useEffect(() => {
    // A personal route's data after signing in or out is as fresh as it gets.
    const fresh = viewerOfPersonal(personal);
    if (fresh) store.set(fresh);
  }, [personal, store]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") void store.refetch();
    };
    document.addEventListener("visibilitychange", onVisible);
    const stop = onSessionChange(() => void store.refetch());
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      stop();
    };
  }, [store]);
  const rendered = useMemo(() => viewerOfPersonal(personal) ?? anonymousViewer, [personal]);
  return (
    <ViewerContext.Provider value={store}>
      <RenderedViewerContext.Provider value={rendered}>{children}</RenderedViewerContext.Provider>
    </ViewerContext.Provider>
  );
}

/** Nobody, for a part of a shared page the server renders on its own (a product page's purchase panel, decision 0041). */
export function AnonymousViewerProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => new ViewerStore(anonymousViewer));
  return <ViewerContext.Provider value={store}>{children}</ViewerContext.Provider>;
}

function useViewerStore(): ViewerStore {
  const store = useContext(ViewerContext);
  if (!store) throw new Error("The viewer needs a ViewerProvider");
  return store;
}

/**
 * The live viewer, for the text slots and the viewer stylesheet only: on a shared page the server stitched exactly
 * these values into the HTML, so hydration matches.
 */
export function useViewer(): Viewer {
  return useStore(useViewerStore());
}

const noSubscription = () => () => {};

/** Replaces parts of the live viewer (a favourite call's answer: the hearts the viewer's stylesheet fills). */
export function useUpdateViewer(): (change: Partial<Viewer>) => void {
  const store = useViewerStore();
  return (change) => store.set({ ...store.get(), ...change });
}

/** False while the page hydrates, true after. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The viewer as the page was rendered with it until hydration is over (nobody on a shared page, the visitor on a
 * personal one), then the live one. Anything that is not a slot (the reviews form, a heart's state) reads this: the
 * stitched stylesheet shows the right heart meanwhile, so nothing visibly changes.
 */
export function useRenderedViewer(): Viewer {
  const live = useViewer();
  const hydrated = useHydrated();
  const rendered = useContext(RenderedViewerContext);
  return hydrated ? live : rendered;
}

/** A text slot the server fills for each visitor: one string child, `data-v` first (shared/viewer.ts's pattern). */
export function ViewerSlotText({ slot, viewer, className, hidden }: { slot: ViewerSlot; viewer: Viewer; className?: string; hidden?: boolean }) {
  return (
    <span data-v={slot} aria-hidden={hidden || undefined} className={className}>
      {formatViewerSlot(slot, viewer)}
    </span>
  );
}

/**
 * The viewer's stylesheet and JSON in the head. The JSON is always rendered empty: only the server's stitcher fills
 * it, and React leaves it as it found it.
 */
export function ViewerHead() {
  const viewer = useViewer();
  return (
    <>
      <style id="viewer-css" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: viewerCss(viewer) }} />
      <script type="application/json" id="viewer" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />
    </>
  );
}
