import type { StoreInfo } from "../mail/components/layout";
import type { MailMessage } from "../mail/mailer";
import { noticeEmail } from "../mail/notice-email";
import type { AlertVariant } from "./alert-targets";

/** Days a confirmation link works; unconfirmed alerts older than this are deleted by the sweep. */
export const CONFIRM_DAYS = 7;

/** The drop a waitlist email names: the row's own, the one joined; null: not known. */
type Drop = { name: string; path: string } | null;
const dropName = (drop: Drop) => drop?.name ?? "the drop";
type Variant = Pick<AlertVariant, "productId" | "name" | "color" | "size">;
const describe = (v: Variant) => `${v.name} in ${v.color}, size ${v.size}`;

/** The double opt-in: a link (the token in the fragment) that turns the alert on. */
export function alertConfirmationEmail({ to, variant, drop = null, token, ...store }: StoreInfo & { to: string; variant: Variant | null; drop?: Drop; token: string }): Promise<MailMessage> {
  return noticeEmail({
    to,
    subject: variant ? `Confirm your back-in-stock alert for ${variant.name}` : `Confirm your place on the ${dropName(drop)} waitlist`,
    heading: variant ? "Confirm your alert" : "Confirm your place on the waitlist",
    paragraphs: [
      variant ? `You asked us to email you when ${describe(variant)} is back in stock.` : `You asked us to email you when ${dropName(drop)} is back in stock.`,
      "Confirm, and we'll send you one email as soon as it is. If you didn't ask, ignore this email and you won't hear from us.",
      `The link works for ${CONFIRM_DAYS} days.`,
    ],
    action: { label: variant ? "Confirm my alert" : "Join the waitlist", url: `${store.storeUrl}/alerts/confirm#token=${token}` },
    ...store,
  });
}

/** The one email an alert sends: what is back, where to buy it, and a one-click way out. */
export function backInStockEmail({ to, variant, drop = null, unsubscribeUrl, ...store }: StoreInfo & { to: string; variant: Variant | null; drop?: Drop; unsubscribeUrl: string }): Promise<MailMessage> {
  return noticeEmail({
    to,
    subject: variant ? `Back in stock: ${variant.name} (${variant.color}, ${variant.size})` : `${dropName(drop)} is back in stock`,
    heading: variant ? "It's back in stock" : `${dropName(drop)} is back`,
    paragraphs: [
      variant ? `Good news: ${describe(variant)} is available again.` : `Good news: pieces of ${dropName(drop)} are available again.`,
      "Stock is limited and we can't hold it for you, so it may sell out again.",
      "This is the only email for this alert.",
    ],
    action: variant ? { label: `Shop ${variant.name}`, url: `${store.storeUrl}/product/${variant.productId}` } : { label: "Shop the drop", url: `${store.storeUrl}${drop?.path ?? "/"}` },
    unsubscribeUrl,
    footnote: variant ? `You get this email because you asked to hear when ${describe(variant)} is back.` : "You get this email because you joined a drop's waitlist.",
    ...store,
  });
}
