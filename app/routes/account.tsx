import { pageTitle } from "~/lib/seo";
import { LogOut } from "lucide-react";
import { Tabs } from "radix-ui";
import { useLocation, useSearchParams } from "react-router";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/account";
import { servicesContext } from "~/context";
import { AddressesTab } from "~/components/account/addresses-tab";
import { CartTab } from "~/components/account/cart-tab";
import { FavoritesTab } from "~/components/account/favorites-tab";
import { OrdersTab } from "~/components/account/orders-tab";
import { ProfileTab } from "~/components/account/profile-tab";
import { SecurityTab } from "~/components/account/security-tab";
import { StoreCreditTab } from "~/components/account/store-credit-tab";
import { VerifyBanner } from "~/components/account/verify-banner";
import { secondaryButtonClass } from "~/components/layout/status-screen";
import { requireUser } from "~/lib/guards.server";
import { useSignOut } from "~/lib/session";

const TABS = ["profile", "orders", "credit", "addresses", "favorites", "cart", "security"] as const;
type Tab = (typeof TABS)[number];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const services = context.get(servicesContext);
  const [orders, credit] = await Promise.all([services.accounts.listOrders({ userId: user.id }), services.storeCredit.listCredit({ email: user.email })]);
  return { user, orders, credit };
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Your account") }, { name: "robots", content: "noindex" }];

export default function Account({ loaderData }: Route.ComponentProps) {
  const { user, orders, credit } = loaderData;
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab") as Tab | null;
  const tab: Tab = requested && TABS.includes(requested) ? requested : pathname === "/account/orders" ? "orders" : "profile";
  const signOut = useSignOut();
  async function logout() {
    await signOut("/");
    toast.success("Logged out");
  }
  const trigger =
    "rounded-full px-4 py-2 text-sm font-semibold text-ink-muted transition hover:text-ink data-[state=active]:bg-ink data-[state=active]:text-surface";
  return (
    <div className="container-page pb-8 pt-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">Welcome back, {user.name}!</h1>
        <button type="button" onClick={logout} className={secondaryButtonClass}>
          <LogOut aria-hidden="true" className="size-4" /> Logout
        </button>
      </header>
      {!user.emailVerified && <VerifyBanner email={user.email} />}
      <Tabs.Root value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true, preventScrollReset: true })} className="mt-8">
        <Tabs.List aria-label="Account sections" className="inline-flex flex-wrap gap-1 rounded-full bg-surface-muted p-1">
          <Tabs.Trigger value="profile" className={trigger}>
            Profile
          </Tabs.Trigger>
          <Tabs.Trigger value="orders" className={trigger}>
            Orders
          </Tabs.Trigger>
          <Tabs.Trigger value="credit" className={trigger}>
            Store credit
          </Tabs.Trigger>
          <Tabs.Trigger value="addresses" className={trigger}>
            Addresses
          </Tabs.Trigger>
          <Tabs.Trigger value="favorites" className={trigger}>
            Favorites
          </Tabs.Trigger>
          <Tabs.Trigger value="cart" className={trigger}>
            Cart
          </Tabs.Trigger>
          <Tabs.Trigger value="security" className={trigger}>
            Security
          </Tabs.Trigger>
        </Tabs.List>
        <div className="mt-8">
          <Tabs.Content value="profile">
            <ProfileTab user={user} />
          </Tabs.Content>
          <Tabs.Content value="orders">
            <OrdersTab orders={orders} />
          </Tabs.Content>
          <Tabs.Content value="credit">
            <StoreCreditTab credit={credit} />
          </Tabs.Content>
          <Tabs.Content value="addresses">
            <AddressesTab />
          </Tabs.Content>
          <Tabs.Content value="favorites">
            <FavoritesTab />
          </Tabs.Content>
          <Tabs.Content value="cart">
            <CartTab />
          </Tabs.Content>
          <Tabs.Content value="security">
            <SecurityTab />
          </Tabs.Content>
        </div>
      </Tabs.Root>
    </div>
  );
}
