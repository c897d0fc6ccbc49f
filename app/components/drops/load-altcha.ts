/**
 * The ALTCHA widget (issue 48), loaded in the browser only and only when a page needs it, so no page's first load
 * carries it. The "external" build with its SHA worker as a file of this store (worker-src falls back to script-src
 * 'self' in the CSP) and its stylesheet from 'self': no blob: workers and no script outside the store's nonces.
 */
let loading: Promise<void> | null = null;

/** Plain English for the widget's texts (its defaults say "I'm not a robot", "Verified"...). */
const STRINGS = {
  label: "I'm a person, not a script",
  verify: "Check",
  verifying: "Checking your browser…",
  waitAlert: "Checking your browser. Please wait.",
  verified: "Checked",
  error: "The browser check failed. Try again.",
  expired: "The browser check expired. Try again.",
  verificationRequired: "Complete the browser check first.",
  loading: "Loading…",
  reload: "Try again",
};

export function loadAltcha(): Promise<void> {
  loading ??= (async () => {
    await import("altcha/external");
    // Its stylesheet as a file linked once (a chunk importing CSS would need the preload helper vite.config.ts leaves out).
    const { default: sheet } = await import("altcha/altcha.css?url");
    if (!document.querySelector(`link[href="${sheet}"]`)) {
      const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: sheet });
      document.head.append(link);
    }
    const { default: ShaWorker } = await import("altcha/workers/sha?worker");
    globalThis.$altcha.algorithms.set("SHA-256", () => new ShaWorker());
    globalThis.$altcha.i18n.set("en", {
      ...globalThis.$altcha.i18n.get("en"),
      ...STRINGS,
    });
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The widget's settings the store uses: no vendor logo or link, no artificial delay, one fresh challenge per use. */
export const WIDGET_CONFIGURATION = JSON.stringify({
  hideFooter: true,
  hideLogo: true,
  minDuration: 0,
  humanInteractionSignature: false,
});
