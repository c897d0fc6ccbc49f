/**
 * Code a navigation will need (the next page's skeleton, the islands that change with the page) is fetched on the
 * first sign of one: a pointer over a link, a touch, or focus on a link. Each task runs once.
 */
const tasks: (() => void)[] = [];
let listening = false;
let seen = false;

function onIntent(event: Event) {
  if (!(event.target instanceof Element) || !event.target.closest("a[href]")) return;
  seen = true;
  for (const type of EVENTS) document.removeEventListener(type, onIntent, true);
  tasks.splice(0).forEach((task) => task());
}

const EVENTS = ["pointerover", "touchstart", "focusin"] as const;

/** Runs `task` on the first sign of a navigation (at once if there was one already). Browser only. */
export function onNavigationIntent(task: () => void) {
  if (seen) return task();
  tasks.push(task);
  if (listening) return;
  listening = true;
  for (const type of EVENTS) document.addEventListener(type, onIntent, { capture: true, passive: true });
}
