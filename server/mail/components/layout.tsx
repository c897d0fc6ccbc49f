import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { ReactNode } from "react";
import { styles } from "./styles";

/** Who the store is in its emails, as the settings say (server/settings): its name, postal address, sender and support email. */
export interface StoreIdentity {
  name: string;
  /** "Kent Street Goods LLC, 12 Wythe Avenue, Brooklyn, NY 11249, United States": CAN-SPAM asks for it in every footer. */
  postalAddress: string;
  /** The From header. */
  sender: { name: string; address: string };
  /** Where replies go (the Reply-To header) and the address the footer gives for questions. */
  supportEmail: string;
}

/**
 * What every email needs to know about the store: its public origin (PUBLIC_URL), and who it is, read from the
 * settings when the email is written (so a change at /admin/settings shows in the next email, in every process).
 */
export interface StoreInfo {
  storeUrl: string;
  storeIdentity: () => Promise<StoreIdentity>;
}

/**
 * Every store email: the store's name, the content, and a footer with the postal address (CAN-SPAM asks for one) and
 * the support email, a link to the store and, for mail a shopper can stop, an Unsubscribe link (the List-Unsubscribe headers say the same).
 */
export function EmailLayout({ preview, storeUrl, store, unsubscribeUrl, footnote, children }: { storeUrl: string; store: StoreIdentity; preview: string; unsubscribeUrl?: string; footnote?: string; children: ReactNode }) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          {/* The wordmark is for the eye; the plain text starts with the heading and links the store in the footer. */}
          <Section data-skip-in-text="true">
            <Link href={storeUrl} style={styles.brand}>
              {store.name}
            </Link>
          </Section>
          {children}
          <Hr style={styles.hr} data-skip-in-text="true" />
          <Section>
            {footnote ? <Text style={styles.small}>{footnote}</Text> : null}
            <Text style={styles.small}>
              {`${store.postalAddress} · `}
              <Link href={`mailto:${store.supportEmail}`} style={styles.mutedLink}>
                {store.supportEmail}
              </Link>
            </Text>
            <Text style={styles.small}>
              <Link href={storeUrl} style={styles.mutedLink}>
                {`Visit ${store.name}`}
              </Link>
              {unsubscribeUrl ? (
                <>
                  {" · "}
                  <Link href={unsubscribeUrl} style={styles.mutedLink}>
                    Unsubscribe
                  </Link>
                </>
              ) : null}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
