/** The port the outbox relay sends through: SMTP in production, .eml files without SMTP. */

export interface MailAttachment {
  filename: string;
  /** Full MIME type with parameters, e.g. 'text/calendar; charset=utf-8; method=PUBLISH'. */
  contentType: string;
  /** The text itself, or the bytes written base64 when `encoding` is "base64" (a PDF). */
  content: string;
  encoding?: "base64";
}

export interface OutgoingMail {
  /** e.g. 'Yarra Shine Cleaning <hello@yarrashine.com.au>'. */
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
  /** '<id@domain>': stable across retries, so a receiver can recognise a resend. */
  messageId?: string;
}

export interface MailTransport {
  /** Resolves once the message is accepted; rejects with the reason otherwise. */
  send(message: OutgoingMail): Promise<void>;
  /** Where mail goes, for the start-up log (never includes a password). */
  describe(): string;
  close(): Promise<void>;
}

/** nodemailer's message options for an OutgoingMail. */
export function toNodemailerMessage(message: OutgoingMail) {
  return {
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html !== undefined ? { html: message.html } : {}),
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    ...(message.messageId ? { messageId: message.messageId } : {}),
    attachments: (message.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: attachment.content,
      ...(attachment.encoding ? { encoding: attachment.encoding } : {}),
    })),
  };
}
