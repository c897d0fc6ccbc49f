import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  /** The SMTP envelope: who the client said it was from and to. */
  envelope: { from: string | null; to: string[] };
  raw: string;
  parsed: ParsedMail;
}

/**
 * A real SMTP server on an ephemeral loopback port that keeps every message it is given, parsed, so tests check what
 * actually goes over the wire (headers, parts, encoding). Plain SMTP, no TLS, no authentication.
 */
export async function startSmtpCatcher() {
  const received: CaughtMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        // The client hears 250 only once the message is kept, so a resolved send means it is in `received`.
        simpleParser(raw).then(
          (parsed) => {
            const from = session.envelope.mailFrom;
            received.push({ envelope: { from: from ? from.address : null, to: session.envelope.rcptTo.map((r) => r.address) }, raw: raw.toString("utf8"), parsed });
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

/** A header exactly as it was written on the wire (folded lines joined), e.g. "List-Unsubscribe: <https://...>". */
export function rawHeader(mail: ParsedMail, name: string): string | undefined {
  return mail.headerLines.find((h) => h.key === name.toLowerCase())?.line.replace(/\r?\n(?=[ \t])/g, "");
}
