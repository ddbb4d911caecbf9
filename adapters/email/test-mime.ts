/**
 * Just enough of an RFC 822 / MIME reader for tests to check what was really sent: headers
 * (unfolded, encoded words decoded) and the leaf parts of a multipart body, decoded.
 */

export interface MimePart {
  headers: Map<string, string>;
  /** Decoded body text. */
  body: string;
}

export interface ParsedMail extends MimePart {
  subject: string;
  /** Every non-multipart part, depth first. */
  parts: MimePart[];
}

const utf8 = new TextDecoder();

function decodeBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text.replace(/\s+/g, "")), (c) => c.charCodeAt(0));
}

function decodeQuotedPrintable(text: string): Uint8Array {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...new TextEncoder().encode(soft[i]));
    }
  }
  return Uint8Array.from(bytes);
}

/** RFC 2047 encoded words, e.g. =?UTF-8?Q?Booking_request?=. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(
      /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
      (_all, _charset, encoding: string, text) =>
        utf8.decode(
          encoding.toUpperCase() === "B"
            ? decodeBase64(text)
            : decodeQuotedPrintable(text.replaceAll("_", " ")),
        ),
    );
}

function splitHeadersAndBody(raw: string): { headers: Map<string, string>; body: string } {
  const cut = raw.search(/\r?\n\r?\n/);
  const head = cut === -1 ? raw : raw.slice(0, cut);
  const body = cut === -1 ? "" : raw.slice(cut).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) {
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
  }
  return { headers, body };
}

function parseEntity(raw: string, leaves: MimePart[]): MimePart {
  const { headers, body } = splitHeadersAndBody(raw);
  const contentType = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const sections = body.split(`--${boundary}`);
    for (const section of sections.slice(1)) {
      if (section.startsWith("--")) break;
      parseEntity(section.replace(/^\r?\n/, ""), leaves);
    }
    return { headers, body: "" };
  }
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  const decoded = encoding === "base64"
    ? utf8.decode(decodeBase64(body))
    : encoding === "quoted-printable"
    ? utf8.decode(decodeQuotedPrintable(body))
    : body;
  const part = { headers, body: decoded };
  leaves.push(part);
  return part;
}

export function parseMail(raw: string): ParsedMail {
  const parts: MimePart[] = [];
  const root = parseEntity(raw, parts);
  return { ...root, subject: decodeEncodedWords(root.headers.get("subject") ?? ""), parts };
}

/** The part whose Content-Disposition or Content-Type names this file. */
export function attachmentNamed(mail: ParsedMail, filename: string): MimePart | undefined {
  return mail.parts.find((part) =>
    (part.headers.get("content-disposition") ?? "").includes(filename) ||
    (part.headers.get("content-type") ?? "").includes(filename)
  );
}
