import { z } from "zod";

/** PATCH /api/admin/campaigns/{slug}: staff move the drop's dates. */
export const campaignUpdateSchema = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    preorderClosesAt: z.iso.datetime({ offset: true, error: "must be an ISO date-time" }).optional(),
    shipsAt: z.iso.datetime({ offset: true, error: "must be an ISO date-time" }).optional(),
    freeShipping: z.boolean().optional(),
    limitedQuantities: z.boolean().optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to change" });

export type CampaignUpdate = z.infer<typeof campaignUpdateSchema>;
