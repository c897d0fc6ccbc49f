/** The staff area: its pages show no storefront extras (the announcement bar). */
export const isStaffPath = (pathname: string) => pathname === "/admin" || pathname.startsWith("/admin/");

/** Where staff set up or give their second factor (issue 29; app/lib/guards.server.ts sends them there too). */
export const TWO_STEP_PATH = "/admin/two-step";

/** The two-step page, then on to `onward` (a same-site path). */
export const twoStepPath = (onward: string) => (onward.startsWith(TWO_STEP_PATH) ? onward : `${TWO_STEP_PATH}?redirectTo=${encodeURIComponent(onward)}`);
