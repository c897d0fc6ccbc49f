import { render } from "@react-email/render";
import type { ReactElement } from "react";

/**
 * An email component as the HTML of a message. Its plain-text part is made from this HTML by the mailer
 * (server/mail/plain-text.ts), in the mail thread, off the event loop that serves the pages.
 */
export async function renderEmail(email: ReactElement): Promise<string> {
  return render(email);
}
