import type { StoreIdentity } from "./components/layout";
import type { MailMessage } from "./mailer";

/**
 * The From and Reply-To of every store email: sent from the settings' sender, answered to its support email (the
 * sender may be an address nobody reads, and our emails say "reply to this email").
 */
export function senderOf(store: StoreIdentity): Pick<MailMessage, "from" | "replyTo"> {
  return { from: store.sender, replyTo: store.supportEmail };
}
