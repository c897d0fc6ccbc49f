import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise each message is written as an .eml file in the outbox folder. */
export function createMailer({ smtpUrl, outboxDir, from }: { smtpUrl?: string; outboxDir: string; from: string }): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      // The random part keeps two messages with one subject in one millisecond (two processes) from overwriting each other.
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${message.subject.toLowerCase().replace(/[^a-z0-9]+/g, "-").slice(0, 60)}-${randomBytes(4).toString("hex")}.eml`;
      await writeFile(join(outboxDir, name), info.message as Buffer);
    },
  };
}
