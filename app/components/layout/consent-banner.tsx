import { CONSENT_TEXT as T } from "../../../shared/consent";

// Open and closed by <html data-consent="ask|choose|done|wait">, which the script sets from the visitor's own cookie:
// the markup is the same for every visitor (decision 0034), and, fixed over the page, it never moves the content.
// It opens only once the browser has read its last element (the "Save choices" button): a browser may paint a page
// before it has read all of its HTML, and a banner painted without its buttons, anchored at the bottom, grew upwards
// when they came (a layout shift; seen on a busy machine on the product page).
const shownWhenAsking = "hidden [[data-consent=ask]_&:has([data-consent-action=save])]:block [[data-consent=choose]_&]:block";
const shownWhenChoosing = "hidden [[data-consent=choose]_&]:block";
const hiddenWhenChoosing = "[[data-consent=choose]_&]:hidden";
// The three answers look alike: the same size, weight and colour, none the default (issue 34, item 2).
const answer = "h-11 w-full items-center justify-center whitespace-nowrap rounded-full border border-ink px-1 text-[0.8125rem] font-semibold sm:text-sm text-ink transition hover:bg-ink hover:text-surface";

function Category({ name, label, detail }: { name: "analytics" | "marketing"; label: string; detail: string }) {
  return (
    <li className="flex gap-3">
      <input id={`consent-${name}`} name={name} type="checkbox" aria-describedby={`consent-${name}-detail`} className="mt-0.5 size-5 shrink-0 accent-ink" />
      <div>
        <label htmlFor={`consent-${name}`} className="text-sm font-semibold">
          {label}
        </label>
        <p id={`consent-${name}-detail`} className="text-sm text-ink-muted">
          {detail}
        </p>
      </div>
    </li>
  );
}

/**
 * The cookie banner (issue 34): a labelled region, not a dialog, so it traps no focus and the page stays usable.
 * "Accept all", "Reject all" and "Choose" are equal; "Choose" shows the categories, none ticked. The buttons work
 * through the head script (`data-consent-action`), so they answer before the page has hydrated.
 */
export function ConsentBanner() {
  return (
    <section id="consent-banner" aria-labelledby="consent-title" className={`${shownWhenAsking} fixed inset-x-0 bottom-0 z-40 sm:inset-x-auto sm:bottom-4 sm:left-4 sm:w-[28rem]`}>
      <div className="max-h-[85vh] overflow-y-auto rounded-t-2xl border border-line bg-surface-raised p-5 text-ink shadow-[0_-8px_30px_rgb(0_0_0/0.18)] sm:rounded-2xl">
        <h2 id="consent-title" tabIndex={-1} className="font-display text-base font-bold">
          {T.title}
        </h2>
        <p className="mt-1.5 text-sm leading-5 text-ink-muted">{T.intro}</p>
        <p className="text-sm leading-5 text-ink-muted">{T.essential}</p>
        <ul className={`${shownWhenChoosing} mt-4 space-y-3 border-t border-line pt-4`} aria-label="Cookie categories">
          <li className="pl-8">
            <p className="flex flex-wrap items-center gap-2 text-sm font-semibold">
              {T.necessary.label}
              <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs font-semibold text-ink-muted">{T.necessary.always}</span>
            </p>
            <p className="text-sm text-ink-muted">{T.necessary.detail}</p>
          </li>
          <Category name="analytics" label={T.analytics.label} detail={T.analytics.detail} />
          <Category name="marketing" label={T.marketing.label} detail={T.marketing.detail} />
        </ul>
        <div className="mt-4 grid grid-cols-3 gap-2">
          <button type="button" data-consent-action="all" className={`${answer} inline-flex`}>
            {T.acceptAll}
          </button>
          <button type="button" data-consent-action="none" className={`${answer} inline-flex`}>
            {T.rejectAll}
          </button>
          <button type="button" data-consent-action="choose" className={`${answer} inline-flex ${hiddenWhenChoosing}`}>
            {T.choose}
          </button>
          {/* The banner's last element: the banner opens once it is in the page (shownWhenAsking). */}
          <button type="button" data-consent-action="save" className={`${answer} hidden [[data-consent=choose]_&]:inline-flex`}>
            {T.save}
          </button>
        </div>
      </div>
    </section>
  );
}

/** The footer's "Cookie settings": reopens the banner with the visitor's current choice. */
export function CookieSettingsButton({ className }: { className?: string }) {
  return (
    <button type="button" data-consent-action="open" className={className}>
      {T.settings}
    </button>
  );
}
