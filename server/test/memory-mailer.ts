import type { Mailer, MailMessage } from "../mail/mailer";

/** Keeps sent messages in memory so tests can read them. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
