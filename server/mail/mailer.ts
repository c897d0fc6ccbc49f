import { Worker } from "node:worker_threads";

export interface MailMessage {
  /** The sender as the settings name it when the email is written (server/settings), never a fixed address. */
  from: { name: string; address: string };
  to: string;
  subject: string;
  /** The plain-text part; when left out, the mailer makes it from the HTML (server/mail/plain-text.ts). */
  text?: string;
  html: string;
  /**
   * Mail the recipient can turn off carries a one-click unsubscribe address (RFC 8058): it is sent as
   * `List-Unsubscribe: <url>` with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, so mail clients offer the
   * button and POST to it. The URL must unsubscribe on that POST with no further step.
   */
  unsubscribeUrl?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

interface Pending {
  resolve(): void;
  reject(error: Error): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file in the outbox folder. The work is done
 * in the mail thread (mail-worker.ts, decision 0045): a checkout's confirmation costs the event loop only the
 * rendering of its HTML. A thread that stopped fails what it had and is started again for the next message.
 */
export function createMailer(options: { smtpUrl?: string; outboxDir: string }): Mailer {
  let worker: Worker | null = null;
  const pending = new Map<number, Pending>();
  let next = 1;

  function start(): Worker {
    // Its heap holds a few messages on their way: a small young generation keeps its part of the store's memory small.
    const started = new Worker(workerFile(), { workerData: options, resourceLimits: { maxYoungGenerationSizeMb: 4 } });
    started.on("message", ({ id, error }: { id: number; error?: Record<string, unknown> }) => {
      const call = pending.get(id);
      if (!call) return;
      pending.delete(id);
      // The thread keeps the process alive while it has work, not while idle.
      if (pending.size === 0) started.unref();
      if (error) call.reject(Object.assign(new Error(String(error.message)), error));
      else call.resolve();
    });
    const stop = (error: Error) => {
      if (worker !== started) return;
      worker = null;
      for (const call of pending.values()) call.reject(error);
      pending.clear();
    };
    started.on("error", stop);
    started.on("exit", (code) => stop(new Error(`The mail thread stopped (exit code ${code})`)));
    started.unref();
    return started;
  }

  return {
    send(message) {
      const thread = (worker ??= start());
      const id = next++;
      return new Promise<void>((resolve, reject) => {
        if (pending.size === 0) thread.ref();
        pending.set(id, { resolve, reject });
        try {
          thread.postMessage({ id, message });
        } catch (error) {
          // A field that can't cross threads (a function, a symbol).
          pending.delete(id);
          if (pending.size === 0) thread.unref();
          reject(error as Error);
        }
      });
    },
  };
}

/** The thread's file: the bundled one beside build/server/main.js, or the source when run from source (tests, dev). */
function workerFile(): URL {
  return import.meta.url.endsWith(".ts") ? new URL("./mail-worker.ts", import.meta.url) : new URL("./mail-worker.js", import.meta.url);
}
