import type { StoreInfo } from "../mail/components/layout";
import type { MailMessage } from "../mail/mailer";
import { noticeEmail } from "../mail/notice-email";
import type { NewsletterSource } from "./newsletter-schemas";

/** The one email a sign-up gets at once: what the list is, the exit-intent code when there is one, and a way out. */
export function newsletterWelcomeEmail({ to, source, offer, unsubscribeUrl, ...store }: StoreInfo & { to: string; source: NewsletterSource; offer: { code: string; percent: number } | null; unsubscribeUrl: string }): Promise<MailMessage> {
  const vip = source === "vip";
  return noticeEmail({
    to,
    subject: ({ name }) => (offer ? `Welcome to ${name}: your ${offer.percent}% code` : vip ? `Welcome to the ${name} VIP list` : `Welcome to the ${name} newsletter`),
    heading: vip ? "You're on the VIP list" : "Thanks for signing up",
    paragraphs: [
      vip ? "You'll hear about VSOP drops before anyone else, with early access when pre-orders open." : "You'll hear about new drops, restocks and offers from us, a few times a month at most.",
      ...(offer ? [`Your welcome code is ${offer.code}: it takes ${offer.percent}% off one order. Enter it at checkout.`] : []),
    ],
    action: { label: "Shop new arrivals", url: `${store.storeUrl}/category/new` },
    unsubscribeUrl,
    footnote: `You get this email because ${to} signed up for our ${vip ? "VIP list" : "newsletter"}.`,
    ...store,
  });
}
