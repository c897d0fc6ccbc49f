import type { MailMessage } from "./mailer";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** An email about the account itself (reset, verification, email change, deletion): a heading, words, maybe a button. */
export function accountNoticeEmail({ to, subject, heading, paragraphs, action }: { to: string; subject: string; heading: string; paragraphs: string[]; action?: { label: string; url: string } }): MailMessage {
  const text = [heading, "", ...paragraphs.flatMap((p) => [p, ""]), ...(action ? [`${action.label}: ${action.url}`] : [])].join("\n").trim();
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#16171a;max-width:560px;margin:auto">
<h1 style="font-size:22px">${escape(heading)}</h1>
${paragraphs.map((p) => `<p>${escape(p)}</p>`).join("\n")}
${action ? `<p><a href="${escape(action.url)}" style="display:inline-block;background:#16171a;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none">${escape(action.label)}</a></p>` : ""}</body></html>`;
  return { to, subject, text, html };
}
