import { useLocation, useRouteLoaderData } from "react-router";
import { useNonce } from "~/lib/nonce";
import { consentBootScript, isCheckoutPath } from "~/lib/tag-manager";
import type { loader as rootLoader } from "../../root";

/** The banner (and its script and footer link) exist when GTM_ID is set: without tags there is nothing to consent to. */
function useConsentSetup() {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  return data?.gtmId ? { gtmId: data.gtmId, scope: data.store.consentScope } : null;
}

/** Whether this page shows the banner and the footer's "Cookie settings": with GTM_ID, on every page but payment. */
export function useConsentBanner(): boolean {
  const { pathname } = useLocation();
  return useConsentSetup() !== null && !isCheckoutPath(pathname);
}

/**
 * The banner's script, first in the head (app/lib/tag-manager.ts). Written by the server only: the browser runs it
 * before hydrating and React leaves it as it found it, so its text is not in the JavaScript bundle too.
 */
export function ConsentScript() {
  const nonce = useNonce();
  const setup = useConsentSetup();
  if (!setup) return null;
  const script = import.meta.env.SSR ? consentBootScript(setup.gtmId, setup.scope) : "";
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />;
}
