import { SpriteIcon } from "~/components/ui/sprite-icon";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { preloadCartDrawer } from "~/components/cart/cart-drawer";
import { useCart, useCartDrawer } from "~/lib/cart";
import { cn } from "~/lib/cn";
import { useStoreSettings } from "~/lib/store-settings";
import { ThemeToggle } from "./theme-toggle";
import { useViewer, ViewerSlotText } from "~/lib/viewer";
import { island } from "~/components/ui/island";
import { MobileMenu } from "./mobile-menu";

const SHADOW_AFTER_PX = 50;

/**
 * The menus', the logo's and the search's code comes when a pointer, focus or click reaches them, or what they
 * show changes (issue 30, item 5): until then they are the server's HTML.
 */
const DesktopNav = island(() => import("./desktop-nav").then((m) => m.DesktopNav), "use");
const Logo = island(() => import("./logo").then((m) => m.Logo), "use");
/** What was typed before the search's code came is kept (components/ui/island.tsx). */
const SearchBox = island(() => import("./search-box").then((m) => m.SearchBox), "use");

export function Header() {
  const { data: cart } = useCart();
  const { setOpen: setCartOpen } = useCartDrawer();
  const viewer = useViewer();
  const { pathname, search } = useLocation();
  const query = pathname === "/search" ? (new URLSearchParams(search).get("q") ?? "") : "";
  const store = useStoreSettings();
  // The cart once fetched (every cart call answers it whole), else the viewer's count, as stitched into the page.
  const counted = cart ? { ...viewer, cartCount: cart.itemCount } : viewer;
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SHADOW_AFTER_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  return (
    <header
      data-scrolled={scrolled}
      className={cn(
        "sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur transition-shadow duration-200",
        scrolled && "shadow-lg shadow-black/5 dark:shadow-black/40",
      )}
    >
      <div className="container-page flex h-16 items-center gap-2 lg:gap-6">
        <MobileMenu />
        <Logo store={store} />
        <DesktopNav pathname={pathname} />
        {/*
          Shown once the browser has read its last element (the mark after the cart button): a page can be painted
          before all of its HTML is read, and this group, pushed right, widened leftwards as its buttons came (a layout
          shift). The mark comes after the badge's text, not on the button: the parser can stop between the badge's
          start tag and its text, and an empty badge is hidden (a flash of no badge before "3"). Browsers without :has()
          ignore the rule and show it at once.
        */}
        <div className="ml-auto flex items-center gap-1 [&:not(:has(>[data-header-end]))]:hidden">
          <SearchBox className="mr-1 hidden w-48 md:block xl:w-60" query={query} />
          <ThemeToggle />
          {/*
            The personal parts (decision 0034): the same elements for every visitor, shown or hidden by the viewer's
            stylesheet, with their text in slots the server fills for each visitor. No flash, no shift, no mismatch.
            The server looks for the slots only in this header, the page's first (shared/viewer.ts).
          */}
          <Link to="/admin" data-viewer="staff" aria-label="Admin" title="Admin" className="inline-flex size-10 items-center justify-center rounded-full hover:bg-surface-muted">
            <SpriteIcon name="shield-check" className="size-5" />
          </Link>
          <Link to="/login" data-viewer="guest" aria-label="Sign in" className="inline-flex size-10 items-center justify-center rounded-full hover:bg-surface-muted">
            <SpriteIcon name="user" className="size-5" />
          </Link>
          <Link to="/account" data-viewer="member" className="inline-flex size-10 items-center justify-center rounded-full hover:bg-surface-muted">
            <SpriteIcon name="user" className="size-5 fill-current" />
            <span className="sr-only">
              Account: <ViewerSlotText slot="account-name" viewer={viewer} />
            </span>
          </Link>
          <button
            type="button"
            onClick={() => setCartOpen(true)}
            onPointerEnter={preloadCartDrawer}
            onFocus={preloadCartDrawer}
            onTouchStart={preloadCartDrawer}
            className="relative inline-flex size-10 items-center justify-center rounded-full hover:bg-surface-muted"
          >
            <SpriteIcon name="bag" className="size-5" />
            <ViewerSlotText slot="cart-label" viewer={counted} className="sr-only" />
            <ViewerSlotText
              slot="cart-count"
              viewer={counted}
              hidden
              className="absolute -right-0.5 -top-0.5 grid min-w-5 place-items-center rounded-full bg-brand-700 px-1 text-[0.7rem] font-bold leading-5 text-white tabular-nums empty:hidden"
            />
          </button>
          <span data-header-end hidden />
        </div>
      </div>
    </header>
  );
}
