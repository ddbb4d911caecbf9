import type { InquiryType } from "@yarra/core/inquiry/types.ts";
import { api } from "../../lib/api.ts";

export interface InquiryFields {
  inquiryType: InquiryType;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  suburb: string;
  message: string;
}

/** What the form reads from the server's answer: the reference people quote (YI-7K3F9Q). */
export interface SentInquiry {
  reference: string | null;
}

/** POST /api/inquiries; the key lets the server replay (not store again) a retried request. */
export async function sendInquiry(fields: InquiryFields, idempotencyKey: string): Promise<SentInquiry> {
  const body = await api.post<unknown>("/api/inquiries", fields, { headers: { "Idempotency-Key": idempotencyKey } });
  const reference = typeof body === "object" && body !== null ? (body as { reference?: unknown }).reference : undefined;
  return { reference: typeof reference === "string" && reference.trim() !== "" ? reference : null };
}
