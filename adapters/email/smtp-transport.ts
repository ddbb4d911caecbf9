import { createTransport } from "nodemailer";
import { type MailTransport, toNodemailerMessage } from "./transport.ts";

/** Fail fast on a dead server: the relay retries later with backoff anyway. */
const TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
  dnsTimeout: 10_000,
};

/** SMTP URL without its password, for logs. */
export function redactSmtpUrl(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "(unparseable SMTP URL)";
  }
}

/**
 * SMTP through nodemailer, e.g. smtp://user:pass@mail.example.com:587 (STARTTLS when offered;
 * add ?requireTLS=true to insist) or smtps://...:465 (implicit TLS). Query parameters override the
 * timeouts and other nodemailer options.
 */
export function makeSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = createTransport({ ...TIMEOUTS, url: smtpUrl });
  return {
    async send(message) {
      await transporter.sendMail(toNodemailerMessage(message));
    },
    describe: () => `SMTP ${redactSmtpUrl(smtpUrl)}`,
    close: () => {
      transporter.close();
      return Promise.resolve();
    },
  };
}
