import type { Mailer, MailMessage } from "../mail/mailer";
import { toPlainText } from "../mail/plain-text";

/** Keeps sent messages in memory so tests can read them, with the plain-text part the real mailer would make. */
export function createMemoryMailer(): Mailer & { sent: (MailMessage & { text: string })[] } {
  const sent: (MailMessage & { text: string })[] = [];
  return {
    sent,
    async send(message) {
      sent.push({ ...message, text: message.text ?? toPlainText(message.html) });
    },
  };
}
