import { z } from "zod";
import { linkUrlSchema } from "./link-url";

/**
 * The announcement bar's fields (issue 28). The message is plain text (rendered escaped) and may say
 * {free_shipping_threshold}, filled from the live free-shipping rule when it shows (shared/announcement-copy.ts).
 */
const when = z.iso.datetime({ offset: true, error: "must be a date and time like 2026-12-01T09:00:00Z" }).transform((s) => new Date(s));
const label = z
  .string()
  .trim()
  .max(40, "use at most 40 characters")
  .nullable()
  .transform((s) => s || null);

const fields = {
  message: z
    .string()
    .trim()
    .min(1, "enter the message")
    .max(200, "use at most 200 characters")
    .refine((s) => !/[\r\n]/.test(s), "keep the message on one line"),
  linkUrl: linkUrlSchema.nullable(),
  linkLabel: label,
  active: z.boolean(),
  position: z.int().min(0).max(1000),
  startsAt: when.nullable(),
  endsAt: when.nullable(),
};

const windowOk = (a: { startsAt?: Date | null; endsAt?: Date | null }) => !a.startsAt || !a.endsAt || a.startsAt < a.endsAt;
const labelNeedsLink = (a: { linkUrl?: string | null; linkLabel?: string | null }) => !a.linkLabel || Boolean(a.linkUrl);

/** POST /api/admin/announcements */
export const announcementFieldsSchema = z
  .object({
    ...fields,
    linkUrl: fields.linkUrl.default(null),
    linkLabel: fields.linkLabel.default(null),
    active: fields.active.default(true),
    position: fields.position.default(0),
    startsAt: fields.startsAt.default(null),
    endsAt: fields.endsAt.default(null),
  })
  .strict()
  .refine(windowOk, { path: ["endsAt"], message: "must be after the start" })
  .refine(labelNeedsLink, { path: ["linkUrl"], message: "a link label needs a link" });

/** PATCH /api/admin/announcements/:id: any of the fields; the window and the link are checked with the stored row's. */
export const announcementChangeSchema = z
  .object(fields)
  .partial()
  .strict()
  .refine((c) => Object.keys(c).length > 0, "Nothing to change");

export { windowOk as announcementWindowOk, labelNeedsLink as announcementLinkOk };
export type AnnouncementFields = z.output<typeof announcementFieldsSchema>;
export type AnnouncementChange = z.output<typeof announcementChangeSchema>;
