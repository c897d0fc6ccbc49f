import { z } from "zod";
import { AppError } from "../errors";

/** "minPrice: must be an amount in dollars; page: must be at least 1" — one readable line for a 400. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.join(".");
      if (issue.code === "unrecognized_keys") return `${path ? `${path}: ` : ""}Unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}`;
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join("; ");
}

/** Parses input with a schema or throws a 400 AppError naming what is wrong. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, what = "Invalid request"): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request", `${what}: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

/**
 * A row's id in a path (/announcements/12): a positive whole number that fits the tables' integer ids, so 2147483648
 * is a 400 like "abc", never a database error.
 */
export const numericId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, "must be a positive whole number")
  .transform(Number)
  .refine((n) => n <= 2_147_483_647, "is too large to be an id");
