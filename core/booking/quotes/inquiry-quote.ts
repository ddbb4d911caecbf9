/** POST /api/admin/inquiries/{id}/quote (issue 30): a commercial inquiry made a priced quote. */
import { z } from "zod";
import { priceQuoteSchema } from "./priced-quote.ts";

const optionalLine = (max: number, tooLong: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "") || value === null ? undefined : value,
    z.string({ error: "Use text." }).trim().max(max, { error: tooLong }).refine((text) => !/[\r\n]/.test(text), { error: "Keep it on one line." }).optional(),
  );

export const INQUIRY_QUOTE_MESSAGES = {
  serviceId: "Choose a service from the catalogue.",
  postcode: "Use a 4-digit postcode.",
} as const;

export const inquiryQuoteSchema = z.object({
  serviceId: z.string({ error: INQUIRY_QUOTE_MESSAGES.serviceId }).trim().min(1, { error: INQUIRY_QUOTE_MESSAGES.serviceId })
    .meta({ description: "The service the quote is for (its job length is the service's smallest)" }),
  ...priceQuoteSchema.shape,
  addressLine1: optionalLine(200, "Keep the street to 200 characters or fewer.").meta({ description: "Street; none: to be confirmed", examples: ["12 Smith St"] }),
  suburb: optionalLine(100, "Keep the suburb to 100 characters or fewer.").meta({ description: "The inquiry's suburb when none", examples: ["Richmond"] }),
  postcode: z.preprocess(
    (value) => value === "" || value === null ? undefined : value,
    z.string({ error: INQUIRY_QUOTE_MESSAGES.postcode }).trim().regex(/^\d{4}$/, { error: INQUIRY_QUOTE_MESSAGES.postcode }).optional(),
  ).meta({ examples: ["3121"] }),
}).meta({ id: "InquiryQuote" });

export type InquiryQuoteInput = z.output<typeof inquiryQuoteSchema>;
