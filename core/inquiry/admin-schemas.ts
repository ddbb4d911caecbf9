/** The wire shapes of the staff inquiries calls: the list, one inquiry, and the staff's fields. */
import { z } from "zod";
import { pageFields } from "../shared/list-query.ts";
import { inquiryRecordSchema } from "./schemas.ts";

export const ADMIN_NOTES_MAX = 5000;

export const INQUIRY_ADMIN_MESSAGES = {
  adminNotes: "Admin notes must be text.",
  adminNotesTooLong: "Please keep admin notes under 5,000 characters.",
  read: "read must be true or false.",
  hasAddress: "hasAddress must be true or false.",
} as const;

const M = INQUIRY_ADMIN_MESSAGES;

export const adminInquirySchema = inquiryRecordSchema.extend({
  read: z.boolean(),
  hasAddress: z.boolean().meta({ description: "Shown as Checked" }),
  archivedAt: z.string().nullable().meta({ format: "date-time" }),
  adminNotes: z.string(),
}).meta({ id: "AdminInquiry" });

export const inquiryListSchema = z.object({ items: z.array(adminInquirySchema), ...pageFields })
  .meta({ id: "AdminInquiryList" });

/** Notes as staff typed them, ends trimmed; null clears them. */
export const inquiryNotesSchema = z.object({
  adminNotes: z.string({ error: M.adminNotes }).trim().max(ADMIN_NOTES_MAX, M.adminNotesTooLong).nullable()
    .transform((notes) => notes ?? "").meta({ description: "Up to 5,000 characters; ends trimmed; null clears" }),
}).meta({ id: "InquiryNotes" });

// JSON booleans only: "false" as text is a mistake, not false.
export const inquiryReadSchema = z.object({ read: z.boolean({ error: M.read }) }).meta({ id: "InquiryRead" });
export const inquiryHasAddressSchema = z.object({ hasAddress: z.boolean({ error: M.hasAddress }) })
  .meta({ id: "InquiryHasAddress" });
