import type { MailMessage } from "./mailer";
import { noticeEmail, type NoticeEmailInput } from "./notice-email";

/** An email about the account itself (reset, verification, email change, deletion): a heading, words, maybe a button. */
export function accountNoticeEmail(input: Omit<NoticeEmailInput, "unsubscribeUrl" | "footnote">): Promise<MailMessage> {
  // Account mail is transactional: the owner can't opt out of hearing that their password changed.
  return noticeEmail(input);
}
