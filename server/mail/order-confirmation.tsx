import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { OrderItemRow, OrderRow } from "../db/schema";
import { EmailLayout, type StoreIdentity, type StoreInfo } from "./components/layout";
import { AmountRow, lineLabel, money, ShippingAddress } from "./components/order-parts";
import { styles } from "./components/styles";
import type { MailMessage } from "./mailer";
import { type Charge, deliveryDays } from "../orders/order-charges";
import { renderEmail } from "./render-email";
import { senderOf } from "./sender";

type Props = StoreInfo & { order: OrderRow; items: OrderItemRow[]; charges: Charge[] };
type RenderProps = Omit<Props, "storeIdentity"> & { store: StoreIdentity };

/** The order confirmation (SPEC §2 "What's Next?": shipped within 1-2 business days, delivered in 3-5). */
export function OrderConfirmation({ order, items, charges, storeUrl, store }: RenderProps) {
  const totals = charges.map((c) => ({ label: c.label, amount: c.free ? "FREE" : c.cents < 0 ? `−${money(-c.cents)}` : money(c.cents) }));
  return (
    <EmailLayout preview={`Order ${order.orderNumber} is confirmed and paid.`} storeUrl={storeUrl} store={store}>
      <Heading as="h1" style={styles.heading}>{`Thank you for your order, ${order.shippingName}!`}</Heading>
      <Text style={styles.text}>
        Order <strong>{order.orderNumber}</strong> is confirmed and paid.
      </Text>
      <Section>
        {items.map((item) => (
          <AmountRow key={item.id} label={lineLabel(item)} amount={money(item.unitPriceCents * item.quantity)} />
        ))}
      </Section>
      <Hr style={styles.hr} data-skip-in-text="true" />
      <Section>
        {totals.map((t) => (
          <AmountRow key={t.label} {...t} />
        ))}
        <AmountRow label="Total" amount={money(order.totalCents)} strong />
      </Section>
      <Section style={{ marginTop: "24px" }}>
        <ShippingAddress order={order} />
        <Text style={styles.text}>What&apos;s next: your order ships within 1-2 business days and arrives in {deliveryDays(order)}.</Text>
        <Button href={`${storeUrl}/orders/lookup`} style={styles.button}>
          {`See order ${order.orderNumber}`}
        </Button>
        <Text style={{ ...styles.text, marginTop: "24px" }}>
          Questions?{" "}
          <Link href={`${storeUrl}/contact`} style={styles.link}>
            Contact us
          </Link>{" "}
          or reply to this email.
        </Text>
      </Section>
    </EmailLayout>
  );
}

export async function orderConfirmationEmail(props: Props): Promise<MailMessage> {
  const { storeIdentity, ...rest } = props;
  const store = await storeIdentity();
  const { html, text } = await renderEmail(<OrderConfirmation {...rest} store={store} />);
  return { ...senderOf(store), to: props.order.email, subject: `Your ${store.name} order ${props.order.orderNumber} is confirmed`, text, html };
}
