import type { z } from "zod";
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
