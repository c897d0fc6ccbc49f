import { Button } from "@react-email/button";
import { Column } from "@react-email/column";
import { Heading } from "@react-email/heading";
import { Row } from "@react-email/row";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { absoluteUrl, photoJpeg } from "../../shared/photo-urls";
import { EmailLayout, type StoreIdentity, type StoreInfo } from "../mail/components/layout";
import { money } from "../mail/components/order-parts";
import { colors, styles } from "../mail/components/styles";
import type { MailMessage } from "../mail/mailer";
import { renderEmail } from "../mail/render-email";
import { senderOf } from "../mail/sender";
import type { RecoveryLine } from "./recovery-lines";

export interface RecoveryEmailInput extends StoreInfo {
  to: string;
  step: number;
  lines: RecoveryLine[];
  restoreUrl: string;
  unsubscribeUrl: string;
  /** The 2nd email's code and what it gives ("15% off"), when staff chose one. */
  discount: { code: string; label: string } | null;
}

/** What has changed about a line since the checkout, in words (or nothing). */
export function lineNote(line: RecoveryLine): string | null {
  if (line.available === 0) return "Sold out";
  if (line.available < line.quantity) return `Only ${line.available} left`;
  if (line.checkoutPriceCents !== null && line.checkoutPriceCents !== line.unitPriceCents) return `Price changed: was ${money(line.checkoutPriceCents)}, now ${money(line.unitPriceCents)}`;
  return null;
}

const photoStyle = { width: "64px", height: "80px", objectFit: "cover" as const, borderRadius: "8px", border: `1px solid ${colors.line}`, display: "block" };

/** One line: its photo (a staff photo's JPEG; the drawings are SVG, which mail clients don't show), name, price now and any change. */
function Line({ line, storeUrl }: { line: RecoveryLine; storeUrl: string }) {
  const note = lineNote(line);
  return (
    <Row data-text="row" style={{ marginBottom: "12px" }}>
      <Column style={{ width: "76px", verticalAlign: "top" }} data-skip-in-text="true">
        {line.photo ? <img src={absoluteUrl(storeUrl, photoJpeg(line.photo, 160))} alt="" width={64} height={80} style={photoStyle} /> : null}
      </Column>
      <Column data-text="label" style={styles.cell}>
        {`${line.quantity} × ${line.name} (${line.color}, size ${line.size})`}
        {note ? <span style={{ display: "block", color: colors.muted, fontSize: "13px" }}>{` ${note}`}</span> : null}
      </Column>
      <Column data-text="value" style={styles.amount}>
        {money(line.unitPriceCents * line.quantity)}
      </Column>
    </Row>
  );
}

export function RecoveryEmail({ step, lines, restoreUrl, unsubscribeUrl, discount, storeUrl, store }: Omit<RecoveryEmailInput, "to" | "storeIdentity"> & { store: StoreIdentity }) {
  const heading = step === 1 ? "You left something in your cart" : "Your cart is still waiting";
  return (
    <EmailLayout preview={heading} storeUrl={storeUrl} store={store} unsubscribeUrl={unsubscribeUrl} footnote="You get this email because you started a checkout with this address. One click below stops these emails.">
      <Heading as="h1" style={styles.heading}>
        {heading}
      </Heading>
      <Text style={styles.text}>Here is your cart as it is now, at today's prices. Stock is limited and we can't hold it for you.</Text>
      <Section>
        {lines.map((line) => (
          <Line key={line.variantId} line={line} storeUrl={storeUrl} />
        ))}
      </Section>
      {discount ? (
        <Text style={styles.text}>
          {`Use the code ${discount.code} at checkout for ${discount.label}.`}
        </Text>
      ) : null}
      <Section style={{ margin: "8px 0 8px" }}>
        <Button href={restoreUrl} style={styles.button}>
          Return to my cart
        </Button>
      </Section>
      <Text style={styles.small}>The button works on any device for 7 days.</Text>
    </EmailLayout>
  );
}

export async function recoveryEmail({ to, storeIdentity, ...content }: RecoveryEmailInput): Promise<MailMessage> {
  const store = await storeIdentity();
  const { html, text } = await renderEmail(<RecoveryEmail {...content} store={store} />);
  const subject = content.step === 1 ? `You left something in your ${store.name} cart` : discount(content.discount, store.name);
  return { ...senderOf(store), to, subject, text, html, unsubscribeUrl: content.unsubscribeUrl };
}

const discount = (d: RecoveryEmailInput["discount"], name: string) => (d ? `Your ${name} cart is waiting, with ${d.label}` : `Your ${name} cart is still waiting`);
