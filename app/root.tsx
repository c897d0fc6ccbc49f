import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { IconSprite } from "~/components/ui/sprite-icon";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunction, useLocation, useMatches, useNavigation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { servicesContext, sharedPageContext, visitorContext } from "./context";
import { CartDrawer } from "./components/cart/cart-drawer";
import { AppProviders } from "./components/layout/app-providers";
import { island, markPageHydrated } from "./components/ui/island";
import { Header } from "./components/layout/header";
import { pendingSkeleton, useSkeletonCode } from "./components/layout/pending-page";
import { useNonce } from "./lib/nonce";
import { isSessionChanging, useUser } from "./lib/session";
import { ViewerHead, ViewerProvider } from "./lib/viewer";
import { themeBootScript } from "./lib/theme";
import { mediaBaseScript } from "../shared/photo-urls";
import { trackPageView } from "./lib/analytics";
import { dataLayerBootScript, isCheckoutPath } from "./lib/tag-manager";
import { ConsentScript } from "./components/layout/consent-script";
import { startPageMetrics } from "./lib/page-metrics";
import { noteLanding } from "./lib/attribution";
import { ExitIntent } from "./components/marketing/exit-intent";
import { staffAsOf } from "./lib/content-preview.server";
import { isStaffPath } from "./lib/staff-path";
import { isStandalone } from "./lib/standalone";

/** The footer's code comes when it comes near the screen, not with the page (issue 30, item 5). */
const Footer = island(() => import("./components/layout/footer").then((m) => m.Footer));

/** The trail's code comes when a pointer, focus or click reaches it, or the page changes (issue 30, item 5). */
const Breadcrumbs = island(() => import("./components/layout/breadcrumbs").then((m) => m.Breadcrumbs), "use");

/** The banner works through the head's script (decision 0039): the page never needs its code (issue 30, item 5). */
const ConsentBanner = island(() => import("./components/layout/consent-banner").then((m) => m.ConsentBanner), "static");

/** The bar's code comes when a pointer, focus or click reaches it, or its message changes (issue 30, item 5). */
const AnnouncementBar = island(() => import("./components/layout/announcement-bar").then((m) => m.AnnouncementBar), "use");

/** The admin layout route (app/routes.ts): its pages render in the staff frame. */
const ADMIN_LAYOUT = "routes/admin-layout";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.store.name} | Men's, Women's & Kids' Clothing and VSOP Streetwear` : "Men's, Women's & Kids' Clothing and VSOP Streetwear" },
  { name: "description", content: "Shop men's, women's and kids' clothing and pre-order the limited VSOP premium streetwear collection." },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const asOf = staffAsOf(context, request);
  const [personal, collections, store, menus, announcement] = await Promise.all([
    // A public route's page is shared by every visitor (decision 0034): the visitor reaches it through the viewer the
    // server stitches in, never through this loader.
    context.get(sharedPageContext) ? null : personalPart(context),
    services.catalog.collections(),
    // Who the store is (its settings): the same for every visitor, so pages stay cacheable.
    services.settings.storefront(),
    // The header's and footer's links as staff set them at /admin/menus, resolved now (live targets only).
    services.menus.storefront(),
    // The bar above the header, as of now (or a staff preview's time on the home page): the same for every visitor.
    services.home.announcement(asOf ? { when: asOf } : {}),
  ]);
  return { personal, collections, store, menus, announcement, gtmId: services.publicConfig.gtmId, origin: services.publicConfig.origin };
}

/** On a personal route (cart, checkout, account, staff): the visitor, their cart and their favourite ids. */
async function personalPart(context: Route.LoaderArgs["context"]) {
  const { owner, user, favoriteIds } = context.get(visitorContext);
  const services = context.get(servicesContext);
  const [cart, viewer] = await Promise.all([services.cart.getCart({ owner }), favoriteIds ? { favoriteIds } : services.viewer.getViewer({ owner, user })]);
  return { user, cart, favoriteIds: viewer.favoriteIds };
}

/**
 * The cart, favourites and viewer are kept fresh by their stores after the first render, so moving between pages need
 * not reload them; signing in or out (lib/session.ts) and explicit revalidations do.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  isSessionChanging() || (currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false);

export function Layout({ children }: { children: ReactNode }) {
  return (
    <ViewerProvider>
      <Document>{children}</Document>
    </ViewerProvider>
  );
}

function Document({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  const checkout = isCheckoutPath(pathname);
  // Staff pages have a frame of their own (the admin layout route): no storefront header, footer or pop-ups there.
  const matches = useMatches();
  const staffFrame = useUser()?.role === "admin" && matches.some((m) => m.id === ADMIN_LAYOUT);
  // A printable document (an invoice) stands alone: it brings its own <main>, no frame or pop-ups (lib/standalone.ts).
  const standalone = isStandalone(matches);
  useEffect(() => {
    // Lets browser tests (and curious humans) tell when the page became interactive: every page, the 404 and error
    // screens too (they render in this layout, not in App).
    document.documentElement.dataset.hydrated = "true";
    markPageHydrated();
  }, []);
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#16171a" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: themeBootScript + dataLayerBootScript + mediaBaseScript() }} />
        {/* Consent Mode's defaults before any tag; Tag Manager only after a choice allows it (decision 0039). */}
        <ConsentScript />
        {/*
          The stylesheet as a React resource (precedence) so the HTML asks for it before the scripts React Router
          preloads: on HTTP/1.1's six connections it would otherwise queue behind them and delay the first paint.
        */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Meta />
        <Links />
        <ViewerHead />
      </head>
      <body className="min-h-screen bg-surface font-sans text-ink">
        <IconSprite />
        <a href="#main" className="sr-only z-50 rounded-md bg-ink px-4 py-2 text-surface focus:not-sr-only focus:fixed focus:left-4 focus:top-4">
          Skip to content
        </a>
        {data?.gtmId && !checkout && !staffFrame && !standalone && <ConsentBanner />}
        <AppProviders cart={data?.personal?.cart}>
          {staffFrame || standalone ? (
            children
          ) : (
            <>
              <div className="flex min-h-screen flex-col">
                {data?.announcement && !isStaffPath(pathname) && <AnnouncementBar announcement={data.announcement} />}
                <Header />
                <Breadcrumbs pathname={pathname} />
                <main id="main" className="flex-1">
                  {children}
                </main>
                <Footer />
              </div>
              <CartDrawer />
              {!checkout && <ExitIntent />}
            </>
          )}
        </AppProviders>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  useEffect(() => {
    startPageMetrics();
    noteLanding(window.location, document.referrer);
  }, []);
  useEffect(() => {
    // A tag manager loaded on an earlier page must not run on a payment page: load checkout afresh without it.
    if (isCheckoutPath(pathname) && (window as { __gtmLoaded?: boolean }).__gtmLoaded) window.location.reload();
    else {
      trackPageView(pathname + search, document.title);
      // Leaving a payment page: Tag Manager starts now if the visitor's choice allows it.
      (window as { __consentLoad?: () => void }).__consentLoad?.();
    }
  }, [pathname, search]);
  // Going to another page: show its skeleton until its data arrives (same-page reloads handle their own).
  useSkeletonCode();
  const target = navigation.state === "loading" ? navigation.location.pathname : null;
  return (target && target !== pathname && pendingSkeleton(target)) || <Outlet />;
}

/** The error screens' code comes only with an error (issue 30, item 5). */
const PageError = lazy(() => import("./components/layout/page-error").then((m) => ({ default: m.PageError })));

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Suspense fallback={null}>
      <PageError error={error} />
    </Suspense>
  );
}
