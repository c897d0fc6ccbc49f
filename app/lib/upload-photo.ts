import { ApiError } from "~/lib/api";

/** The photo pipeline's answer for a content photo: its key, widths and the src a body's image stores. */
export interface UploadedPhoto {
  key: string;
  width: number;
  height: number;
  widths: number[];
  src: string;
}

/**
 * Sends a file's bytes as the body of a staff photo upload (a logo, a content photo): the server decides what it is
 * by decoding it. A refusal is an ApiError with the server's message.
 */
export async function uploadPhoto<T = UploadedPhoto>(path: string, file: File): Promise<T> {
  const res = await fetch(path, { method: "POST", credentials: "include", headers: { "content-type": file.type || "application/octet-stream" }, body: file });
  const body = (await res.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!res.ok) throw new ApiError(res.status, body?.message ?? res.statusText);
  return body as T;
}
