// The mail thread (decision 0045): makes each message's plain-text part, builds the MIME message and hands it to the
// SMTP server, or writes it to the outbox, off the event loop that serves the pages. Started by mailer.ts, the only one
// that speaks to it. Plain, erasable TypeScript: tests run this file as it is (Node strips the types); the build
// bundles it to build/server/.
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import type { MailMessage } from "./mailer.ts";
import { toPlainText } from "./plain-text.ts";

const port = parentPort!;
const { smtpUrl, outboxDir } = workerData as { smtpUrl?: string; outboxDir: string };

/** The message as nodemailer takes it, with the unsubscribe headers when the message has an unsubscribe address. */
function toNodemailer(message: MailMessage): Mail.Options {
  const { from, to, subject, html, unsubscribeUrl } = message;
  return {
    from,
    to,
    subject,
    text: message.text ?? toPlainText(html),
    html,
    ...(unsubscribeUrl ? { list: { unsubscribe: unsubscribeUrl }, headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } } : {}),
  };
}

const smtp = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

async function send(message: MailMessage): Promise<void> {
  if (smtp) {
    await smtp.sendMail(toNodemailer(message));
    return;
  }
  const info = await stream.sendMail(toNodemailer(message));
  await mkdir(outboxDir, { recursive: true });
  // The random part keeps two messages with one subject in one millisecond (two processes) from overwriting each other.
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${message.subject.toLowerCase().replace(/[^a-z0-9]+/g, "-").slice(0, 60)}-${randomBytes(4).toString("hex")}.eml`;
  await writeFile(join(outboxDir, name), info.message as Buffer);
}

port.on("message", ({ id, message }: { id: number; message: MailMessage }) => {
  send(message).then(
    () => port.postMessage({ id }),
    // nodemailer's own fields (code, responseCode, command) cross with the message; the stack stays here.
    (err: Error & Record<string, unknown>) => port.postMessage({ id, error: { message: err.message, code: err.code, responseCode: err.responseCode, command: err.command } }),
  );
});
