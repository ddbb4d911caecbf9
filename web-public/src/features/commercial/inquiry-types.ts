import { INQUIRY_TYPES, type InquiryType } from "@yarra/core/inquiry/types.ts";

/** How each inquiry type reads in the form's select, in the order the spec lists them. */
export const INQUIRY_TYPE_OPTIONS: { value: InquiryType; label: string }[] = INQUIRY_TYPES.map((value) => ({
  value,
  label: ({
    HEALTHCARE_AGED_CARE: "Healthcare & Aged Care",
    OFFICE: "Office",
    SCHOOL_EDUCATIONAL: "School & Educational Facility",
    RETAIL_SHOWROOM: "Retail & Showroom",
    INDUSTRIAL_WAREHOUSE: "Industrial & Warehouse",
    AIRBNB_SHORT_TERM: "Airbnb & Short-Term Rental",
  } satisfies Record<InquiryType, string>)[value],
}));
