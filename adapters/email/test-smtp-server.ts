/** A real SMTP receiver for tests: plain SMTP on the loopback, keeps every raw message. */
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

export interface ReceivedMail {
  /** Whether the session was upgraded with STARTTLS. */
  secure: boolean;
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Stops listening (the port stays free for restart()). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  restart(): Promise<void>;
}

export async function startTestSmtpServer(
  /** starttls: offer STARTTLS with smtp-server's built-in self-signed certificate. */
  options: { port?: number; delayMs?: number; starttls?: boolean } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  let port = options.port ?? 0;

  const listen = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: options.starttls ? [] : ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Uint8Array[] = [];
        stream.on("data", (chunk: Uint8Array) => chunks.push(chunk));
        stream.on("end", () => {
          const finish = () => {
            received.push({
              secure: session.secure,
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address),
              raw: new TextDecoder().decode(concat(chunks)),
            });
            callback();
          };
          if (options.delayMs) setTimeout(finish, options.delayMs);
          else finish();
        });
      },
    });
    const current = server;
    await new Promise<void>((resolve, reject) => {
      current.once("error", reject);
      current.listen(port, "127.0.0.1", () => resolve());
    });
    port = (current.server.address() as AddressInfo).port;
  };

  await listen();
  return {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    received,
    stop: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        const current = server;
        server = undefined;
        current.close(() => resolve());
      }),
    restart: listen,
  };
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}
