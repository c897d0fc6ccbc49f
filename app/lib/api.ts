import { funnelHeaders } from "./funnel";

/** SPEC §7: a non-ok answer is an error whose message is "status: body text" (the body's message when JSON). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    /** The parsed JSON answer, for calls that explain more than a message (the bulk editor's row errors). */
    readonly body?: unknown,
  ) {
    super(`${status}: ${detail}`);
    this.name = "ApiError";
  }
}

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** Why the server refused a staff call for the second factor (server/http/staff-guard.ts), if it did. */
export function secondFactorReason(error: unknown): "step_up" | "second_factor" | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const reason = (error.body as { reason?: unknown } | undefined)?.reason;
  return reason === "step_up" || reason === "second_factor" ? reason : null;
}

/**
 * Asks the staff member for their second factor again and answers whether they gave it (issue 29's step-up). Only the
 * staff frame sets one (app/components/admin/step-up-dialog.tsx): shoppers' calls never meet it.
 */
export type SecondFactorPrompt = (reason: "step_up" | "second_factor") => Promise<boolean>;
let secondFactorPrompt: SecondFactorPrompt | null = null;

/** Sets the prompt; answers the function that takes it away again. */
export function setSecondFactorPrompt(prompt: SecondFactorPrompt): () => void {
  secondFactorPrompt = prompt;
  return () => {
    if (secondFactorPrompt === prompt) secondFactorPrompt = null;
  };
}

/** The calls that give the second factor are never retried behind a prompt for it. */
const GIVES_SECOND_FACTOR = /^\/api\/admin\/security\/(verify|passkey)(\/|$)/;

/**
 * A call to the API. A staff call refused for want of a fresh second factor, while the staff frame is open, asks for
 * it and is tried once more; when the person cancels, the refusal stands.
 */
export async function apiRequest<T>(method: Method, path: string, body?: unknown): Promise<T> {
  try {
    return await send<T>(method, path, body);
  } catch (error) {
    const reason = secondFactorReason(error);
    if (!reason || !secondFactorPrompt || GIVES_SECOND_FACTOR.test(path)) throw error;
    if (!(await secondFactorPrompt(reason))) throw error;
    return send<T>(method, path, body);
  }
}

async function send<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: "include",
    headers: { accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }), ...funnelHeaders(method, path) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new ApiError(res.status, readMessage(text) || res.statusText, parseJson(text));
  return (text ? JSON.parse(text) : undefined) as T;
}

function readMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    return typeof parsed.message === "string" ? parsed.message : text;
  } catch {
    return text;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
