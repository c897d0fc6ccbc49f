import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";

export interface MailMessage {
  /** The sender as the settings name it when the email is written (server/settings), never a fixed address. */
  from: { name: string; address: string };
  /** The support email from the settings: the From address may not be read, and our emails invite a reply. */
  replyTo: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Mail the recipient can turn off carries a one-click unsubscribe address (RFC 8058): it is sent as
   * `List-Unsubscribe: <url>` with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, so mail clients offer the
   * button and POST to it. The URL must unsubscribe on that POST with no further step.
   */
  unsubscribeUrl?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The message as nodemailer takes it, with the unsubscribe headers when the message has an unsubscribe address. */
function toNodemailer(message: MailMessage): Mail.Options {
  const { from, replyTo, to, subject, text, html, unsubscribeUrl } = message;
  return {
    from,
    replyTo,
    to,
    subject,
    text,
    html,
    ...(unsubscribeUrl ? { list: { unsubscribe: unsubscribeUrl }, headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } } : {}),
  };
}

/** SMTP when SMTP_URL is set; otherwise each message is written as an .eml file in the outbox folder. */
export function createMailer({ smtpUrl, outboxDir }: { smtpUrl?: string; outboxDir: string }): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        await transport.sendMail(toNodemailer(message));
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail(toNodemailer(message));
      await mkdir(outboxDir, { recursive: true });
      // The random part keeps two messages with one subject in one millisecond (two processes) from overwriting each other.
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${message.subject.toLowerCase().replace(/[^a-z0-9]+/g, "-").slice(0, 60)}-${randomBytes(4).toString("hex")}.eml`;
      await writeFile(join(outboxDir, name), info.message as Buffer);
    },
  };
}
