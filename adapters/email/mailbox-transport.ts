import { mkdir, rename, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { createTransport } from "nodemailer";
import { type MailTransport, toNodemailerMessage } from "./transport.ts";

/** A file-name-safe form of a Message-ID ('<a@b>' -> 'a@b'). */
const fileSafe = (value: string): string =>
  value.replace(/^<|>$/g, "").replace(/[^\w.@-]+/g, "_").slice(0, 120);

/**
 * Writes each message as an RFC 822 .eml file into `dir` (created if missing), for running without
 * SMTP: any mail client opens them. Names sort by time: 20261128T090000123Z-<message id>.eml.
 */
export function makeMailboxTransport(dir: string): MailTransport {
  const folder = resolve(dir);
  const composer = createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    async send(message) {
      const messageId = message.messageId ?? `<${crypto.randomUUID()}@mailbox.local>`;
      const info = await composer.sendMail(toNodemailerMessage({ ...message, messageId }));
      const raw = info.message as unknown as Uint8Array;
      await mkdir(folder, { recursive: true });
      const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(".", "");
      const path = resolve(folder, `${stamp}-${fileSafe(messageId)}.eml`);
      // Write then rename, so a reader never sees half a message.
      await writeFile(`${path}.tmp`, raw);
      await rename(`${path}.tmp`, path);
    },
    describe: () => `mailbox: .eml files in ${folder}`,
    close: () => Promise.resolve(),
  };
}
