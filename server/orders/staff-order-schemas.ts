import { z } from "zod";
import { CARRIERS } from "./tracking-choices";

/** What staff can move an order to by hand (DESIGN §4): along the shipping path, or cancel before it ships. */
export const STAFF_TARGETS = ["processing", "shipped", "delivered", "canceled"] as const;
export type StaffTarget = (typeof STAFF_TARGETS)[number];

/** The parcel: a known carrier and its number, or another carrier with the https page to follow it. */
export const shipmentSchema = z
  .object({
    carrier: z.string().trim().min(2, "Name the carrier").max(40),
    trackingNumber: z.string().trim().regex(/^[A-Za-z0-9][A-Za-z0-9 -]{3,39}$/, "must be 4-40 letters, digits, spaces or dashes"),
    trackingUrl: z.url({ protocol: /^https$/, error: "must be an https:// address" }).max(500).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const known = (CARRIERS as readonly string[]).includes(v.carrier);
    if (!known && !v.trackingUrl) ctx.addIssue({ code: "custom", path: ["trackingUrl"], message: `give the https:// page where ${v.carrier} parcels are tracked` });
    if (known && v.trackingUrl) ctx.addIssue({ code: "custom", path: ["trackingUrl"], message: `${v.carrier}'s tracking page is made from the number; leave it out` });
  });
export type Shipment = z.output<typeof shipmentSchema>;

/** POST /api/admin/orders/{orderNumber}/status: shipping needs the parcel's tracking, nothing else takes it. */
export const statusChangeSchema = z
  .object({ status: z.enum(STAFF_TARGETS), note: z.string().trim().max(500).optional(), shipment: shipmentSchema.optional() })
  .strict()
  .superRefine((v, ctx) => {
    if (v.status === "shipped" && !v.shipment) ctx.addIssue({ code: "custom", path: ["shipment"], message: "Shipping needs the carrier and tracking number" });
    if (v.status !== "shipped" && v.shipment) ctx.addIssue({ code: "custom", path: ["shipment"], message: "only a shipped order takes a shipment" });
  });
