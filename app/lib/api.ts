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

export async function apiRequest<T>(method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: "include",
    headers: body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
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
