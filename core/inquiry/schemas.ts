/** The wire shapes of commercial inquiries. */
import { z } from "zod";
import { INQUIRY_TYPE_ALIASES, INQUIRY_TYPES } from "./types.ts";

export const inquirySchema = z.object({
  inquiryType: z.enum([...INQUIRY_TYPES, ...Object.keys(INQUIRY_TYPE_ALIASES)] as [string, ...string[]])
    .optional().meta({ description: "Default OFFICE; INDUSTRIAL is an alias of INDUSTRIAL_WAREHOUSE" }),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  suburb: z.string(),
  message: z.string().optional().meta({ description: "Required, unless given as inquiryText" }),
  inquiryText: z.string().optional().meta({ description: "Alias of message" }),
}).meta({ id: "InquiryInput" });

export const inquiryRecordSchema = z.object({
  _id: z.string(),
  inquiryType: z.enum(INQUIRY_TYPES),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  suburb: z.string(),
  message: z.string(),
  createdAt: z.string(),
}).meta({ id: "Inquiry" });
