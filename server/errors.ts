/** The one error type services and handlers throw on purpose; server/http/error-handler.ts maps codes to status. */
export type AppErrorCode = "bad_request" | "unauthorized" | "forbidden" | "not_found" | "conflict" | "payment_failed" | "rate_limited" | "unavailable";

export const statusByCode: Record<AppErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payment_failed: 402,
  rate_limited: 429,
  unavailable: 503,
};

/**
 * Why a staff member was refused before their permission was even looked at (issue 29), so the staff pages know what
 * to ask for: a second factor to set up, one to give for this session, or one to give again (a step-up).
 */
export type RefusalReason = "second_factor_setup" | "second_factor" | "step_up";

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** Retry-After for 429s; `errors` lists each wrong row of a many-row request (the bulk editor) in the answer. */
    readonly extra: { retryAfterSeconds?: number; errors?: unknown[]; reason?: RefusalReason } = {},
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return statusByCode[this.code];
  }
}
