import { Column } from "@react-email/column";
import { Row } from "@react-email/row";
import { Text } from "@react-email/text";
import type { OrderItemRow, OrderRow } from "../../db/schema";
import { styles } from "./styles";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
export const money = (cents: number) => usd.format(cents / 100);

export const lineLabel = (item: Pick<OrderItemRow, "quantity" | "name" | "color" | "size">) => `${item.quantity} × ${item.name} (${item.color}, size ${item.size})`;

type ShippingFields = Pick<OrderRow, "shippingName" | "shippingLine1" | "shippingLine2" | "shippingCity" | "shippingRegion" | "shippingPostalCode" | "shippingCountry">;

/** "Shipping to" and the order's address, one line each. */
export function ShippingAddress({ order }: { order: ShippingFields }) {
  const lines = [order.shippingName, order.shippingLine1, order.shippingLine2, `${order.shippingCity}, ${order.shippingRegion} ${order.shippingPostalCode}`, order.shippingCountry].filter(Boolean);
  return (
    <Text style={styles.text}>
      <strong>Shipping to:</strong>
      {lines.map((line) => (
        <span key={line}>
          <br />
          {line}
        </span>
      ))}
    </Text>
  );
}

/** A label and its amount on one line (the amount to the right); plain text reads "Label: amount". */
export function AmountRow({ label, amount, strong = false }: { label: string; amount: string; strong?: boolean }) {
  const weight = strong ? { fontWeight: 700 } : {};
  return (
    <Row data-text="row">
      <Column data-text="label" style={{ ...styles.cell, ...weight }}>
        {label}
      </Column>
      <Column data-text="value" style={{ ...styles.amount, ...weight }}>
        {amount}
      </Column>
    </Row>
  );
}
