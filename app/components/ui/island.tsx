import { type ComponentType, lazy, type PointerEvent as ReactPointerEvent, type SyntheticEvent, Suspense, useEffect, useLayoutEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { onNavigationIntent } from "~/lib/navigation-intent";

/** The browser keeps the server's HTML: one constant object, so React never writes the element's HTML itself. */
const KEEP_SERVER_HTML = { __html: "" };

let pageHydrated = false;

/** The root layout calls this once the first page has hydrated: an island mounted after that renders at once. */
export function markPageHydrated() {
  pageHydrated = true;
}

/** How far below (or above) the screen a "near" island starts fetching its code: one screen. */
const NEAR = "100% 0px";

/** How long after a press ends without a click an island that woke during it waits before it renders. */
const PRESS_GRACE_MS = 300;

/** A click the first load's HTML got before its code came: replayed once it has (buttons, summaries, the store's own links). */
function replayable(target: EventTarget, box: HTMLElement): HTMLElement | null {
  const element = target instanceof Element ? target.closest<HTMLElement>("button, summary, a[href]") : null;
  if (!element || !box.contains(element)) return null;
  if (element instanceof HTMLAnchorElement) {
    const url = new URL(element.href, location.href);
    if (url.origin !== location.origin || element.target || element.hasAttribute("download") || (url.pathname === location.pathname && url.hash)) return null;
  }
  return element;
}

/** Where an element sits under the island (child indexes), so the same place can be found in its rendered markup. */
const pathOf = (element: Element, box: Element) => {
  const path: number[] = [];
  for (let node: Element | null = element; node && node !== box; node = node.parentElement) path.unshift([...(node.parentElement?.children ?? [])].indexOf(node));
  return path;
};
const elementAt = (box: Element, path: number[]) => path.reduce<Element | undefined>((node, index) => node?.children[index], box);

const sameProps = (a: object, b: object) => Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([key, value]) => Object.is(value, (b as Record<string, unknown>)[key]));

/**
 * When an island's code comes:
 * - "near": when it comes within a screen of the viewport (parts below the fold);
 * - "use": when it is used (a pointer over it, focus, a click), or its props change (parts that stay as they are until
 *   then: a menu, the breadcrumbs). Its code is also fetched on the first sign of a navigation.
 * - "static": only when its props change (parts whose buttons a script outside React answers: the cookie banner).
 * "near" and "use" also wake when it takes focus, is clicked, or its props change.
 */
type Wake = "near" | "use" | "static";

/**
 * A part of a page whose code the first load does not fetch (issue 30, item 5). The server renders it in place. On the
 * page's first load the browser keeps that HTML as it is, with nothing in it interactive, until it wakes (`Wake`);
 * then its code is fetched and it renders over the same markup, with the focus, and the click that woke it, carried
 * over. After a client-side navigation it renders at once.
 *
 * Only for parts that show the same for every visitor until used (the shared page, decision 0034): a part whose first
 * render reads the visitor belongs in the page's own code. Its props must be plain values, compared one by one.
 */
export function island<P extends object>(load: () => Promise<ComponentType<P>>, wake: Wake = "near"): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let code: Promise<ComponentType<P>> | undefined;
  const fetchCode = () => (code ??= load().then((component) => (loaded = component)));
  // Once the code is here, the lazy component resolves at once (a synchronous thenable): no fallback, no extra render.
  const Live = lazy(() => (loaded ? { then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve({ default: loaded! }) } : fetchCode().then((component) => ({ default: component }))) as Promise<{ default: ComponentType<P> }>);
  if (wake === "use" && typeof document !== "undefined") onNavigationIntent(() => void fetchCode());

  return function Island(props: P) {
    const [live, setLive] = useState(() => typeof document === "undefined" || pageHydrated);
    const box = useRef<HTMLDivElement>(null);
    const firstProps = useRef(props);
    const carried = useRef<{ path: number[]; click?: boolean; hover?: { x: number; y: number }; value?: string } | null>(null);
    const woken = useRef(false);
    // A press on the server's markup: rendering over it before the press's click would lose the click (the element
    // pressed is gone), so the island waits for the click, which it then replays.
    const pressed = useRef(false);
    const waiting = useRef(false);
    /** `inCommit`: called from a layout effect, where React renders the change before paint anyway (flushSync there warns). */
    const goLive = (inCommit = false) => {
      if (pressed.current) {
        waiting.current = true;
        return;
      }
      // What was typed into a field before the code came goes with the focus into the rendered one.
      const was = carried.current;
      const field = was && box.current && elementAt(box.current, was.path);
      if (was && (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && field.value) was.value = field.value;
      // At once, not in a later render: a pointer that woke it may press next, and must press the rendered markup.
      if (inCommit) setLive(true);
      else flushSync(() => setLive(true));
    };
    const wakeUp = (inCommit = false) => {
      if (live || woken.current) return;
      woken.current = true;
      if (loaded) goLive(inCommit);
      else void fetchCode().then(() => goLive());
    };
    const release = () => {
      pressed.current = false;
      if (!waiting.current) return;
      waiting.current = false;
      goLive();
    };

    useEffect(() => {
      if (live || wake !== "near" || !box.current) return;
      const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && wakeUp(), { rootMargin: NEAR });
      for (const child of box.current.children) observer.observe(child);
      return () => observer.disconnect();
      // eslint-disable-next-line react-hooks/exhaustive-deps -- observes once while the island is static
    }, [live]);

    useLayoutEffect(() => {
      if (!live && !sameProps(props, firstProps.current)) wakeUp(true);
      // Once rendered: the focus, the click or the pointer that woke it go to the same place in the new markup.
      const was = carried.current;
      if (!live || !was || !box.current) return;
      carried.current = null;
      const element = elementAt(box.current, was.path);
      if (!(element instanceof HTMLElement || element instanceof SVGElement)) return;
      if (was.hover) {
        // The pointer is still there: tell the new markup it came in and moved, as the browser would have.
        const under = document.elementFromPoint(was.hover.x, was.hover.y);
        if (under && box.current.contains(under)) for (const type of ["pointerover", "pointermove"]) under.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerType: "mouse", isPrimary: true, clientX: was.hover.x, clientY: was.hover.y }));
        return;
      }
      element.focus({ preventScroll: true });
      if (was.value !== undefined && (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) {
        // Through the native setter and an input event, as typing would: React and the field's handlers see it.
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), "value")?.set?.call(element, was.value);
        element.dispatchEvent(new Event("input", { bubbles: true }));
      }
      if (was.click && element instanceof HTMLElement) element.click();
    });

    if (live) {
      return (
        <div key="live" ref={box} className="contents">
          <Suspense fallback={null}>
            <Live {...props} />
          </Suspense>
        </div>
      );
    }
    const onFocus = (event: SyntheticEvent) => {
      if (box.current && event.target instanceof Element && !carried.current?.click) carried.current = { path: pathOf(event.target, box.current) };
      wakeUp();
    };
    const onClick = (event: SyntheticEvent) => {
      const element = box.current && replayable(event.target, box.current);
      if (element && box.current) {
        event.preventDefault();
        carried.current = { path: pathOf(element, box.current), click: true };
      }
      release();
      if (element) wakeUp();
    };
    const onPress = () => {
      pressed.current = true;
      // A press that ends without a click on it (dragged away, a touch that scrolled) stops holding the island back.
      const ended = () => setTimeout(release, PRESS_GRACE_MS);
      document.addEventListener("pointerup", ended, { once: true, capture: true });
      document.addEventListener("pointercancel", ended, { once: true, capture: true });
    };
    const onPointer = (event: ReactPointerEvent<HTMLDivElement>) => {
      // Where the pointer is (a focus or a click carried already comes first); leaving forgets it.
      if (!box.current || !(event.target instanceof Element) || (carried.current && !carried.current.hover)) return;
      carried.current = event.type === "pointerleave" ? null : { path: [], hover: { x: event.clientX, y: event.clientY } };
      if (event.type === "pointerover") wakeUp();
    };
    if (wake === "static") return <div key="static" ref={box} className="contents" suppressHydrationWarning dangerouslySetInnerHTML={KEEP_SERVER_HTML} />;
    return <div key="static" ref={box} className="contents" suppressHydrationWarning dangerouslySetInnerHTML={KEEP_SERVER_HTML} onPointerDownCapture={onPress} onFocusCapture={onFocus} onClickCapture={onClick} {...(wake === "use" ? { onPointerOver: onPointer, onPointerMove: onPointer, onPointerLeave: onPointer } : {})} />;
  };
}
