import { SpriteIcon } from "~/components/ui/sprite-icon";
import type { LiveAnnouncement } from "../../../server/home/home-service";
import { StoreOrHttpsLink } from "~/components/layout/store-or-https-link";

/**
 * The bar above the header on every storefront page (issue 28): the staff's message as plain text (React escapes it),
 * its free-shipping amount already filled from the live rule, and an optional link. A named region, so screen-reader
 * users can find or skip it.
 */
export function AnnouncementBar({ announcement }: { announcement: LiveAnnouncement }) {
  const { message, linkUrl, linkLabel } = announcement;
  return (
    <section aria-label="Announcement" className="bg-ink text-surface">
      <div className="container-page flex min-h-10 flex-wrap items-center justify-center gap-x-3 gap-y-1 py-2 text-center text-sm leading-5">
        <p className="font-medium">{message}</p>
        {linkUrl && (
          <StoreOrHttpsLink href={linkUrl} className="inline-flex items-center gap-1 rounded font-semibold underline underline-offset-2 hover:no-underline">
            {linkLabel ?? "Learn more"}
            <SpriteIcon name="arrow-right" className="size-3.5" />
          </StoreOrHttpsLink>
        )}
      </div>
    </section>
  );
}
