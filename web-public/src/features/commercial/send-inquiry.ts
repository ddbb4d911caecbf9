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

/** POST /api/inquiries; the key lets the server replay (not store again) a retried request. */
export function sendInquiry(fields: InquiryFields, idempotencyKey: string) {
  return api.post<unknown>("/api/inquiries", fields, { headers: { "Idempotency-Key": idempotencyKey } });
}
