import { ArrowLeft, LogOut, Menu, ShieldCheck, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { type ReactNode, useCallback, useState } from "react";
import { Link } from "react-router";
import { ThemeToggle } from "~/components/layout/theme-toggle";
import { useSignOut, useUser } from "~/lib/session";
import { useStoreSettings } from "~/lib/store-settings";
import { AdminNav } from "./admin-nav";
import { AdminSearchButton, AdminSearchDialog, useAdminSearchShortcut } from "./admin-search";
import { StepUpDialog } from "./step-up-dialog";

const iconButton = "inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink hover:bg-surface-muted";

/** Who is signed in, and the way out: the sidebar's foot, and the drawer's. */
function SignedIn({ onNavigate }: { onNavigate?: () => void }) {
  const user = useUser();
  const signOut = useSignOut();
  return (
    <div className="flex items-center gap-2 border-t border-line pt-4">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold">{user?.name ?? "Staff"}</p>
        {user && <p className="truncate text-xs text-ink-muted">{user.email}</p>}
        <Link to="/admin/security" onClick={onNavigate} className="inline-flex min-h-6 items-center gap-1 rounded text-xs font-medium text-ink-muted underline hover:text-ink">
          <ShieldCheck aria-hidden="true" className="size-3.5" />
          Two-step sign-in
        </Link>
      </div>
      <ThemeToggle />
      <button type="button" onClick={() => void signOut("/login")} aria-label="Sign out" title="Sign out" className={iconButton}>
        <LogOut aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}

function StoreLink() {
  return (
    <Link to="/" className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-ink-muted hover:text-ink">
      <ArrowLeft aria-hidden="true" className="size-4" />
      View store
    </Link>
  );
}

/**
 * The staff area's own frame (issue 29), rendered once around every staff page by the admin layout route: a sidebar
 * of grouped sections on wide screens, a drawer behind a menu button on phones (focus kept inside, Escape closes and
 * gives the focus back to the button), the search (/ or Ctrl+K), the way back to the store, who is signed in, the
 * theme and sign-out. The storefront's header and footer stay on the storefront.
 */
export function AdminFrame({ children }: { children: ReactNode }) {
  const store = useStoreSettings();
  const [drawer, setDrawer] = useState(false);
  const [search, setSearch] = useState(false);
  const openSearch = useCallback(() => {
    setDrawer(false);
    setSearch(true);
  }, []);
  useAdminSearchShortcut(openSearch);
  const name = store?.name ?? "Store";
  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[16rem_1fr]">
      <aside aria-label="Staff" className="sticky top-0 hidden h-screen flex-col gap-5 overflow-y-auto border-r border-line bg-surface px-3 py-5 lg:flex">
        <div className="px-3">
          <Link to="/admin" className="block truncate font-display text-lg font-bold">
            {name} <span className="font-sans text-sm font-medium text-ink-muted">Admin</span>
          </Link>
          <div className="mt-2">
            <StoreLink />
          </div>
        </div>
        <AdminSearchButton onOpen={openSearch} />
        <div className="flex-1">
          <AdminNav />
        </div>
        <SignedIn />
      </aside>
      <div className="min-w-0">
        <header className="sticky top-0 z-40 flex h-16 items-center gap-2 border-b border-line bg-surface/95 px-3 backdrop-blur lg:hidden">
          <Dialog.Root open={drawer} onOpenChange={setDrawer}>
            <Dialog.Trigger aria-label="Staff menu" className={iconButton}>
              <Menu aria-hidden="true" className="size-5" />
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
              <Dialog.Content aria-describedby={undefined} className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,88vw)] flex-col gap-4 overflow-y-auto bg-surface px-3 py-4 text-ink shadow-2xl focus:outline-none">
                <div className="flex items-center justify-between px-3">
                  <Dialog.Title className="truncate font-display text-lg font-bold">{name} Admin</Dialog.Title>
                  <Dialog.Close aria-label="Close staff menu" className={iconButton}>
                    <X aria-hidden="true" className="size-5" />
                  </Dialog.Close>
                </div>
                <div className="px-3">
                  <StoreLink />
                </div>
                <div className="flex-1">
                  <AdminNav onNavigate={() => setDrawer(false)} />
                </div>
                <SignedIn onNavigate={() => setDrawer(false)} />
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          <Link to="/admin" className="truncate font-display text-lg font-bold">
            {name}
          </Link>
          <div className="ml-auto w-32 sm:w-56">
            <AdminSearchButton onOpen={openSearch} />
          </div>
        </header>
        <main id="main" className="px-4 pb-10 pt-5 sm:px-6 lg:px-10 lg:pt-8">
          {children}
        </main>
      </div>
      <AdminSearchDialog open={search} onOpenChange={setSearch} />
      <StepUpDialog />
    </div>
  );
}
