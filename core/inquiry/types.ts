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
/** Accepted on input as aliases (decisions.md). */
export const INQUIRY_TYPE_ALIASES: Record<string, InquiryType> = {
  INDUSTRIAL: "INDUSTRIAL_WAREHOUSE",
};

/** The commercial form as sent; `inquiryText` is an alias of `message`. */
export interface InquiryInput {
  inquiryType?: unknown;
  firstName?: unknown;
  lastName?: unknown;
  email?: unknown;
  phone?: unknown;
  suburb?: unknown;
  message?: unknown;
  inquiryText?: unknown;
}

export interface NewInquiry {
  inquiryType: InquiryType;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  suburb: string;
  message: string;
}

export interface Inquiry extends NewInquiry {
  _id: string;
  read: boolean;
  /** Shown as "Checked" in the admin area. */
  hasAddress: boolean;
  archivedAt: Date | null;
  adminNotes: string;
  createdAt: Date;
}
