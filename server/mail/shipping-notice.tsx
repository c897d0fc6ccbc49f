import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import type { OrderItemRow, OrderRow } from "../db/schema";
import { trackingOf } from "../orders/tracking";
import { EmailLayout, type StoreIdentity, type StoreInfo } from "./components/layout";
import { lineLabel, ShippingAddress } from "./components/order-parts";
import { styles } from "./components/styles";
import type { MailMessage } from "./mailer";
import { renderEmail } from "./render-email";
import { senderOf } from "./sender";

type Props = StoreInfo & { order: OrderRow; items: OrderItemRow[] };
type RenderProps = Omit<Props, "storeIdentity"> & { store: StoreIdentity };

/** The email a shopper gets when staff mark the order shipped: the tracking number and link, the lines, the address. */
export function ShippingNotice({ order, items, storeUrl, store }: RenderProps) {
  const tracking = trackingOf(order);
  return (
    <EmailLayout preview={`Order ${order.orderNumber} is on its way.`} storeUrl={storeUrl} store={store}>
      <Heading as="h1" style={styles.heading}>
        Your order is on its way
      </Heading>
      <Text style={styles.text}>
        {`Good news, ${order.shippingName}: order `}
        <strong>{order.orderNumber}</strong> has shipped.
      </Text>
      {tracking ? (
        <Text style={styles.text}>
          {`${tracking.carrier} tracking number: `}
          <strong>{tracking.number}</strong>
          {tracking.url ? (
            <>
              <br />
              <Link href={tracking.url} style={styles.link}>
                Track your parcel
              </Link>
            </>
          ) : null}
        </Text>
      ) : null}
      <Text style={styles.text}>
        {items.map((item, i) => (
          <span key={item.id}>
            {i > 0 ? <br /> : null}
            {lineLabel(item)}
          </span>
        ))}
      </Text>
      <ShippingAddress order={order} />
      <Text style={styles.text}>Delivery usually takes 3-5 business days.</Text>
      <Button href={`${storeUrl}/account/orders`} style={styles.button}>
        See your orders
      </Button>
    </EmailLayout>
  );
}

export async function shippingNoticeEmail(props: Props): Promise<MailMessage> {
  const { storeIdentity, ...rest } = props;
  const store = await storeIdentity();
  const { html, text } = await renderEmail(<ShippingNotice {...rest} store={store} />);
  return { ...senderOf(store), to: props.order.email, subject: `Your ${store.name} order ${props.order.orderNumber} has shipped`, text, html };
}
