/** The data layer exists before anything else runs, so early events are kept. */
export const dataLayerBootScript = "window.dataLayer=window.dataLayer||[];";

/** Google Tag Manager's loader, carrying the page's CSP nonce to the script it adds. */
export function tagManagerScript(gtmId: string): string {
  return `(function(w,d,i){w.dataLayer.push({"gtm.start":Date.now(),event:"gtm.js"});var j=d.createElement("script");j.async=true;j.src="https://www.googletagmanager.com/gtm.js?id="+encodeURIComponent(i);var n=d.querySelector("script[nonce]");if(n)j.nonce=n.nonce;d.head.appendChild(j);w.__gtmLoaded=true;})(window,document,${JSON.stringify(gtmId)});`;
}

/** No third-party tags on payment pages (DESIGN §6). */
export const isCheckoutPath = (pathname: string) => pathname === "/checkout" || pathname.startsWith("/checkout/");
