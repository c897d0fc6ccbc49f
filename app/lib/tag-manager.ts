import { CONSENT_COOKIE, CONSENT_MONTHS, type ConsentScope, CONSENT_VERSION } from "../../shared/consent";

/** The data layer exists before anything else runs, so early events are kept. */
export const dataLayerBootScript = "window.dataLayer=window.dataLayer||[];";

/** Payment pages: no third-party tags there (DESIGN §6). */
const CHECKOUT_PATH = /^\/checkout(?:\/|$)/;

/** No third-party tags on payment pages (DESIGN §6). */
export const isCheckoutPath = (pathname: string) => CHECKOUT_PATH.test(pathname);

/**
 * The cookie banner's one script (decision 0039), inline in the head of every page when GTM_ID is set, before any tag:
 * 1. Consent Mode v2's defaults: the four signals denied, waiting up to 500 ms for an update.
 * 2. The visitor's own `consent` cookie, read here in the browser (the page is the same for everyone, decision 0034):
 *    a choice given to this version of the banner is sent as `gtag('consent','update',…)` and the banner stays
 *    closed; otherwise `<html data-consent="ask">` opens it before the body is painted. With the "region" scope, a
 *    visitor without a choice first asks GET /api/consent whether their country's law requires the question; one
 *    whose country does not is measured as if they had accepted, and may still choose from the footer.
 * 3. Tag Manager loads only once a choice grants analytics or marketing, never on a payment page.
 * 4. The banner's buttons and the footer's "Cookie settings" work by `data-consent-action`, before hydration too.
 * Kept under 3 KB (app/lib/tag-manager.test.ts).
 */
export function consentBootScript(gtmId: string, scope: ConsentScope): string {
  const config = [gtmId, CONSENT_VERSION, scope, CONSENT_COOKIE, CONSENT_MONTHS].map((v) => JSON.stringify(v)).join(",");
  return `(function(w,d,id,v,scope,name,months){var l=w.dataLayer=w.dataLayer||[],h=d.documentElement,given=null,opener=null;
function g(){l.push(arguments)}w.gtag=g;
g("consent","default",{ad_storage:"denied",analytics_storage:"denied",ad_user_data:"denied",ad_personalization:"denied",wait_for_update:500});
function read(){var m=new RegExp("(?:^|; ?)"+name+"=([0-9a-z]+)\\\\.([01])([01])\\\\.\\\\d+").exec(d.cookie);return m&&m[1]===v?{a:m[2]==="1",m:m[3]==="1"}:null}
function load(){if(w.__gtmLoaded||!given||!(given.a||given.m)||${CHECKOUT_PATH}.test(location.pathname))return;l.push({"gtm.start":Date.now(),event:"gtm.js"});var j=d.createElement("script"),n=d.querySelector("script[nonce]");j.async=true;j.src="https://www.googletagmanager.com/gtm.js?id="+encodeURIComponent(id);if(n)j.nonce=n.nonce;d.head.appendChild(j);w.__gtmLoaded=true}
function apply(c){given=c;var a=c.a?"granted":"denied",m=c.m?"granted":"denied";g("consent","update",{ad_storage:m,analytics_storage:a,ad_user_data:m,ad_personalization:m});load()}
function show(s){h.setAttribute("data-consent",s)}
function save(a,m){var e=new Date();e.setMonth(e.getMonth()+months);d.cookie=name+"="+v+"."+(a?1:0)+(m?1:0)+"."+Math.floor(Date.now()/1000)+";path=/;expires="+e.toUTCString()+";samesite=lax"+(location.protocol==="https:"?";secure":"");apply({a:a,m:m});show("done");if(opener&&opener.isConnected)opener.focus();opener=null}
function box(n){var b=d.querySelector("#consent-banner input[name="+n+"]");return b||{}}
d.addEventListener("click",function(e){var b=e.target.closest&&e.target.closest("[data-consent-action]");if(!b)return;var k=b.getAttribute("data-consent-action");
if(k==="all")save(true,true);else if(k==="none")save(false,false);else if(k==="save")save(!!box("analytics").checked,!!box("marketing").checked);
else{if(k==="open"){opener=b;box("analytics").checked=!!(given&&given.a);box("marketing").checked=!!(given&&given.m)}show("choose");var t=k==="open"?d.getElementById("consent-title"):box("analytics");if(t&&t.focus)t.focus()}});
w.__consentLoad=load;var c=read();
if(c){apply(c);show("done")}else if(scope==="region"){show("wait");fetch("/api/consent").then(function(r){return r.json()}).then(function(r){if(r.required)show("ask");else{apply({a:true,m:true});show("done")}},function(){show("ask")})}else show("ask")})(window,document,${config});`;
}
