import type { MailingDeps } from "../mail/mail-deps";
import type { UnsubscribeLinks } from "../unsubscribe/unsubscribe-links";

/** What the alert functions need: what any mailing service needs, and the unsubscribe link signer. */
export interface AlertDeps extends MailingDeps {
  links: UnsubscribeLinks;
}
