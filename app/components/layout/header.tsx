import { ShieldCheck, ShoppingBag, User } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { preloadCartDrawer } from "~/components/cart/cart-drawer";
import { useCart, useCartDrawer } from "~/lib/cart";
import { cn } from "~/lib/cn";
import { useUser } from "~/lib/session";
import { DesktopNav } from "./desktop-nav";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { SearchBox } from "./search-box";
import { ThemeToggle } from "./theme-toggle";

const SHADOW_AFTER_PX = 50;

export function Header() {
  const { data: cart } = useCart();
  const { setOpen: setCartOpen } = useCartDrawer();
  const cartCount = cart?.itemCount ?? 0;
  const user = useUser();
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
        <Logo />
        <DesktopNav />
        <div className="ml-auto flex items-center gap-1">
          <SearchBox className="mr-1 hidden w-48 md:block xl:w-60" />
          <ThemeToggle />
          {user?.role === "admin" && (
            <Link to="/admin" aria-label="Admin" title="Admin" className="inline-flex size-10 items-center justify-center rounded-full hover:bg-surface-muted">
              <ShieldCheck aria-hidden="true" className="size-5" />
            </Link>
          )}
          <Link
            to={user ? "/account" : "/login"}
            aria-label={user ? `Account: ${user.name}` : "Sign in"}
            className="inline-flex size-10 items-center justify-center rounded-full hover:bg-surface-muted"
          >
            <User aria-hidden="true" className={user ? "size-5 fill-current" : "size-5"} />
          </Link>
          <button
            type="button"
            onClick={() => setCartOpen(true)}
            onPointerEnter={preloadCartDrawer}
            onFocus={preloadCartDrawer}
            onTouchStart={preloadCartDrawer}
            aria-label={`Cart, ${cartCount} ${cartCount === 1 ? "item" : "items"}`}
            className="relative inline-flex size-10 items-center justify-center rounded-full hover:bg-surface-muted"
          >
            <ShoppingBag aria-hidden="true" className="size-5" />
            {cartCount > 0 && (
              <span className="absolute -right-0.5 -top-0.5 grid min-w-5 place-items-center rounded-full bg-brand-700 px-1 text-[0.7rem] font-bold leading-5 text-white">
                {cartCount > 99 ? "99+" : cartCount}
              </span>
            )}
          </button>
        </div>
      </div>
    </header>
  );
}
