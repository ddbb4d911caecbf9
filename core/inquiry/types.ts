import type { z } from "zod";
import type { inquirySchema } from "./schemas.ts";

export const INQUIRY_TYPES = [
  "HEALTHCARE_AGED_CARE",
  "OFFICE",
  "SCHOOL_EDUCATIONAL",
  "RETAIL_SHOWROOM",
  "INDUSTRIAL_WAREHOUSE",
  "AIRBNB_SHORT_TERM",
] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];
export const DEFAULT_INQUIRY_TYPE: InquiryType = "OFFICE";

/** Each kind of commercial premises as people read it (the form, the e-mails, the staff screens). */
export const INQUIRY_TYPE_LABELS: Record<InquiryType, string> = {
  HEALTHCARE_AGED_CARE: "Healthcare / aged care",
  OFFICE: "Office",
  SCHOOL_EDUCATIONAL: "School / educational",
  RETAIL_SHOWROOM: "Retail / showroom",
  INDUSTRIAL_WAREHOUSE: "Industrial / warehouse",
  AIRBNB_SHORT_TERM: "Airbnb / short-term rental",
};
/** Accepted on input as aliases (decisions.md). */
export const INQUIRY_TYPE_ALIASES: Record<string, InquiryType> = {
  INDUSTRIAL: "INDUSTRIAL_WAREHOUSE",
};

/** An inquiry as inquirySchema reads it: trimmed, the type's alias and default applied. */
export type NewInquiry = z.output<typeof inquirySchema>;

export interface Inquiry extends NewInquiry {
  _id: string;
  /** What the inquirer and the office read out, e.g. YI-7K3F9Q (reference.ts); unique. */
  reference: string;
  read: boolean;
  /** Shown as "Checked" in the admin area. */
  hasAddress: boolean;
  archivedAt: Date | null;
  adminNotes: string;
  createdAt: Date;
}
