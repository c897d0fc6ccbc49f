import { z } from "zod";
import { RECOVERY_AUDIENCES, type RecoveryAudience } from "../../shared/recovery";
import { AppError } from "../errors";

/** The recovery settings as the sender uses them: the steps that are on, with their delays in minutes. */
export interface RecoverySettings {
  audience: RecoveryAudience;
  delays: { step: number; minutes: number }[];
  discountCode: string | null;
}

export function recoverySettingsOf(row: { recoveryAudience: RecoveryAudience; recoveryFirstDelayMinutes: number | null; recoverySecondDelayMinutes: number | null; recoveryDiscountCode: string | null }): RecoverySettings {
  const delays = [
    { step: 1, minutes: row.recoveryFirstDelayMinutes },
    { step: 2, minutes: row.recoverySecondDelayMinutes },
  ].filter((d): d is { step: number; minutes: number } => d.minutes !== null);
  return { audience: row.recoveryAudience, delays, discountCode: row.recoveryDiscountCode };
}

/** How long after the email was given a checkout counts as left: the first email's delay, or an hour. */
export const abandonedAfterMinutes = (s: RecoverySettings) => Math.min(60, ...s.delays.map((d) => d.minutes));

const delay = (label: string) =>
  z
    .number({ error: `${label}: send a number of minutes, or null to turn it off` })
    .int(`${label}: use whole minutes`)
    .min(15, `${label}: at least 15 minutes`)
    .max(7 * 24 * 60, `${label}: at most 7 days (10080 minutes)`)
    .nullable();

/** PUT /api/admin/recovery/settings: the whole form at once. */
export const recoverySettingsSchema = z
  .object(
    {
      audience: z.enum(RECOVERY_AUDIENCES, { error: 'Who gets them: choose "consented" or "everyone"' }),
      firstDelayMinutes: delay("First email"),
      secondDelayMinutes: delay("Second email"),
      discountCode: z
        .string({ error: "Discount code: must be text" })
        .trim()
        .max(40, "Discount code: use at most 40 characters")
        .nullable()
        .transform((v) => (v ? v.toUpperCase() : null)),
    },
    { error: "Send the recovery settings as a JSON object" },
  )
  .strict()
  .refine((v) => v.firstDelayMinutes === null || v.secondDelayMinutes === null || v.secondDelayMinutes > v.firstDelayMinutes, { path: ["secondDelayMinutes"], message: "Second email: must come after the first" });

export type RecoverySettingsInput = z.output<typeof recoverySettingsSchema>;

export function parseRecoverySettings(input: unknown): RecoverySettingsInput {
  const parsed = recoverySettingsSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.flatMap((issue) => {
    const field = issue.path.join(".");
    if (issue.code === "unrecognized_keys") return issue.keys.map((key) => ({ field: key, message: `Unknown field: ${key}` }));
    return [{ field, message: issue.message }];
  });
  throw new AppError("bad_request", errors.map((e) => e.message).join("; "), { errors });
}
