import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { EmailLayout, type StoreIdentity, type StoreInfo } from "../../mail/components/layout";
import { styles } from "../../mail/components/styles";
import type { MailMessage } from "../../mail/mailer";
import { renderEmail } from "../../mail/render-email";
import { senderOf } from "../../mail/sender";

export interface EarlyAccessEmailInput extends StoreInfo {
  to: string;
  drop: { name: string; earlyAccessAt: Date; opensAt: Date };
  /** `{storeUrl}/drops/{slug}/early-access?token=…`: the one place the link's secret is ever written. */
  link: string;
  /** The subscription's one-click unsubscribe address (RFC 8058). */
  unsubscribeUrl: string;
  /** Why this address got it: the newsletter or a waitlist. */
  reason: "newsletter" | "waitlist";
}

const WHEN = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" });

const FOOTNOTE = {
  newsletter: "You get this email because you subscribed to our newsletter. One click below stops it.",
  waitlist: "You get this email because you asked to hear when pieces of this drop are available. One click below stops these emails.",
};

export function EarlyAccessEmail({ drop, link, unsubscribeUrl, reason, storeUrl, store }: Omit<EarlyAccessEmailInput, "to" | "storeIdentity"> & { store: StoreIdentity }) {
  const heading = `Early access to ${drop.name}`;
  return (
    <EmailLayout preview={`${heading}, before everyone else`} storeUrl={storeUrl} store={store} unsubscribeUrl={unsubscribeUrl} footnote={FOOTNOTE[reason]}>
      <Heading as="h1" style={styles.heading}>
        {heading}
      </Heading>
      <Text style={styles.text}>{`You can shop ${drop.name} before everyone else: from ${WHEN.format(drop.earlyAccessAt)} until the open at ${WHEN.format(drop.opensAt)}.`}</Text>
      <Text style={styles.text}>Quantities are limited. The link below is yours alone and works once: open it on the device you will shop on.</Text>
      <Section style={{ margin: "8px 0 8px" }}>
        <Button href={link} style={styles.button}>
          Unlock early access
        </Button>
      </Section>
      <Text style={styles.small}>If the button doesn't work, copy this address into your browser: {link}</Text>
    </EmailLayout>
  );
}

export async function earlyAccessEmail({ to, storeIdentity, ...content }: EarlyAccessEmailInput): Promise<MailMessage> {
  const store = await storeIdentity();
  const { html, text } = await renderEmail(<EarlyAccessEmail {...content} store={store} />);
  return { ...senderOf(store), to, subject: `Your early access to ${content.drop.name}`, text, html, unsubscribeUrl: content.unsubscribeUrl };
}
