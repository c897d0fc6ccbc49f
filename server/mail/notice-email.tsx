import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { EmailLayout, type StoreIdentity, type StoreInfo } from "./components/layout";
import { styles } from "./components/styles";
import type { MailMessage } from "./mailer";
import { renderEmail } from "./render-email";
import { senderOf } from "./sender";

export interface NoticeEmailInput extends StoreInfo {
  to: string;
  /** Written with the store's name when it needs it: `({ name }) => \`Reset your ${name} password\``. */
  subject: string | ((store: StoreIdentity) => string);
  heading: string;
  /** Plain sentences, one paragraph each (React escapes them). */
  paragraphs: string[];
  /** A button under the paragraphs; its URL must be absolute (built from storeUrl). */
  action?: { label: string; url: string };
  /**
   * For mail the shopper can turn off (review requests, back-in-stock alerts): an absolute URL that unsubscribes on a
   * POST with no further step (RFC 8058). It becomes the List-Unsubscribe headers and a footer link.
   */
  unsubscribeUrl?: string;
  /** A line above the footer address saying why this email came, e.g. "You asked to hear when ... is back." */
  footnote?: string;
}

/** A heading, a few paragraphs and maybe a button, in the store's layout. */
export function NoticeEmail({ heading, paragraphs, action, unsubscribeUrl, footnote, storeUrl, store }: Omit<NoticeEmailInput, "to" | "subject" | "storeIdentity"> & { store: StoreIdentity }) {
  return (
    <EmailLayout preview={paragraphs[0] ?? heading} storeUrl={storeUrl} store={store} unsubscribeUrl={unsubscribeUrl} footnote={footnote}>
      <Heading as="h1" style={styles.heading}>
        {heading}
      </Heading>
      {paragraphs.map((p, i) => (
        <Text key={i} style={styles.text}>
          {p}
        </Text>
      ))}
      {action ? (
        <Section style={{ margin: "8px 0 8px" }}>
          <Button href={action.url} style={styles.button}>
            {action.label}
          </Button>
        </Section>
      ) : null}
    </EmailLayout>
  );
}

/** The generic store notice: account, order and any other short email builds on it. */
export async function noticeEmail({ to, subject, storeIdentity, ...content }: NoticeEmailInput): Promise<MailMessage> {
  const store = await storeIdentity();
  const { html, text } = await renderEmail(<NoticeEmail {...content} store={store} />);
  return { ...senderOf(store), to, subject: typeof subject === "string" ? subject : subject(store), text, html, ...(content.unsubscribeUrl ? { unsubscribeUrl: content.unsubscribeUrl } : {}) };
}
