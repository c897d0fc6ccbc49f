import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { AltchaWidgetElement } from "altcha/types/generic";
// The <altcha-widget> element in JSX.
import type {} from "altcha/types/react";
import type { LinePlace } from "../../../server/drops/gate/drop-line";
import { ApiError, apiRequest } from "~/lib/api";
import { loadAltcha, WIDGET_CONFIGURATION } from "./load-altcha";

/** How often a visitor in line asks for their place (issue 48: refreshed without reloading, every 3-5 s). */
const POLL_MS = 4_000;

type State =
  | { kind: "loading" }
  | { kind: "out"; note: string | null }
  | { kind: "joining" }
  | { kind: "in-line"; place: LinePlace; readAt: number };

const minutes = (ms: number) => Math.max(0, Math.ceil(ms / 60_000));
function waitText(seconds: number): string {
  if (seconds < 60) return "less than a minute";
  const m = Math.round(seconds / 60);
  return m === 1 ? "about 1 minute" : `about ${m} minutes`;
}

/**
 * A drop's waiting room (issue 48): "Join the line" solves the browser check (ALTCHA, in a worker) and takes a place;
 * the place and the estimated wait are then read every few seconds and announced politely; once let in, the time left
 * to check out and the drop's pieces. The place lives in an HttpOnly cookie, so a reload shows the same place.
 */
export function WaitingRoom({
  slug,
  dropName,
  products,
}: {
  slug: string;
  dropName: string;
  products: { id: number; name: string }[];
}) {
  const [state, setState] = useState<State>({ kind: "loading" });
  const [widgetReady, setWidgetReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const widget = useRef<AltchaWidgetElement | null>(null);

  /** The cookie's place: 404 is no place yet (or one this store can't read); 409, the window to check out ran out. */
  const read = () =>
    apiRequest<LinePlace>("GET", `/api/drops/${slug}/line`).then(
      (place) => setState({ kind: "in-line", place, readAt: Date.now() }),
      (e: unknown) => {
        setState({ kind: "out", note: e instanceof ApiError && e.status === 409 ? e.detail : null });
        if (!(e instanceof ApiError)) setError("Your place could not be read. Check your connection.");
      },
    );

  useEffect(() => {
    read();
    loadAltcha().then(
      () => setWidgetReady(true),
      () => setError("The browser check could not load. Reload the page to try again."),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slug]);

  const waiting = state.kind === "in-line" && !state.place.admitted;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(read, POLL_MS);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting]);

  const admitted = state.kind === "in-line" && state.place.admitted;
  useEffect(() => {
    if (!admitted) return;
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, [admitted]);

  async function join() {
    setError(null);
    const element = widget.current;
    if (!element) return;
    setState({ kind: "joining" });
    try {
      // A solution counts once: each join solves a fresh challenge.
      const solved = await element.verify();
      if (!solved?.payload)
        throw new Error("The browser check did not finish. Try again.");
      const place = await apiRequest<LinePlace>(
        "POST",
        `/api/drops/${slug}/line`,
        { proof: solved.payload },
      );
      setState({ kind: "in-line", place, readAt: Date.now() });
    } catch (e) {
      setError(
        e instanceof ApiError
          ? e.detail
          : e instanceof Error
            ? e.message
            : "Joining the line failed. Try again.",
      );
      setState({ kind: "out", note: null });
      element.reset();
    }
  }

  return (
    <div className="mt-8 max-w-lg rounded-2xl border border-white/20 bg-white/5 p-5">
      <h2 className="text-lg font-bold">The line for {dropName}</h2>
      <div aria-live="polite" aria-atomic="true" className="mt-2 text-white/85">
        {state.kind === "in-line" && !state.place.admitted && (
          <p>
            You're number <strong>{state.place.place}</strong> in line.
            Estimated wait: {waitText(state.place.waitSeconds)}. Keep this page
            open: it lets you in by itself.
          </p>
        )}
        {state.kind === "in-line" && state.place.admitted && (
          <p>
            <strong>You're in.</strong> You have{" "}
            {minutes(
              Date.parse(state.place.expiresAt) -
                Date.parse(state.place.admitAt),
            )}{" "}
            minutes to check out:{" "}
            {minutes(Date.parse(state.place.expiresAt) - now)} left.
          </p>
        )}
        {state.kind === "out" && state.note && <p>{state.note}</p>}
        {state.kind === "joining" && (
          <p>Checking your browser, then taking your place…</p>
        )}
      </div>
      {state.kind === "in-line" && state.place.admitted && (
        <ul className="mt-3 flex flex-wrap gap-2">
          {products.map((p) => (
            <li key={p.id}>
              <Link
                to={`/product/${p.id}`}
                className="inline-flex h-10 items-center rounded-full bg-brand-500 px-5 text-sm font-bold text-black hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                {p.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {(state.kind === "out" || state.kind === "joining") && (
        <div className="mt-4 space-y-3">
          {widgetReady && (
            <div className="rounded-lg bg-white text-black">
              <altcha-widget
                ref={widget}
                challenge={`/api/drops/${slug}/challenge`}
                auto="off"
                name="proof"
                configuration={WIDGET_CONFIGURATION}
              />
            </div>
          )}
          <button
            type="button"
            onClick={() => void join()}
            disabled={!widgetReady || state.kind === "joining"}
            className="inline-flex h-12 items-center rounded-full bg-brand-500 px-7 text-sm font-bold tracking-wide text-black hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-60"
          >
            {state.kind === "joining" ? "Joining…" : "Join the line"}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
