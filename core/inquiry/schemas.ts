/** The wire shapes of commercial inquiries: the form's rules and messages, written once. */
import { z } from "zod";
import { emailText, oneLineText as line, trimmedText as text } from "../shared/contact.ts";
import { isOneLine, isRecord, readText } from "../shared/input.ts";
import { DEFAULT_INQUIRY_TYPE, INQUIRY_TYPE_ALIASES, INQUIRY_TYPES } from "./types.ts";
import { INQUIRY_LIMITS as L, INQUIRY_MESSAGES as M, isPlausiblePhone } from "./validation.ts";

/** Any case, INDUSTRIAL as an alias, OFFICE when absent or blank; anything else is left to refuse. */
function inquiryTypeOf(value: unknown): unknown {
  if (value === undefined || value === null) return DEFAULT_INQUIRY_TYPE;
  if (typeof value !== "string") return value;
  const code = value.trim().toUpperCase();
  return code === "" ? DEFAULT_INQUIRY_TYPE : INQUIRY_TYPE_ALIASES[code] ?? code;
}

export const inquirySchema = z.preprocess(
  // `inquiryText` is accepted as an alias of a blank `message` (decisions.md).
  (value) => isRecord(value) && !readText(value.message) ? { ...value, message: value.inquiryText } : value,
  z.object({
    inquiryType: z.preprocess(inquiryTypeOf, z.enum(INQUIRY_TYPES, { error: M.inquiryType })).meta({ description: `Default ${DEFAULT_INQUIRY_TYPE}, any case; INDUSTRIAL is an alias of INDUSTRIAL_WAREHOUSE`, examples: ["OFFICE"] }),
    firstName: line(1, L.name, M.firstName, M.firstNameTooLong).meta({ examples: ["Grace"] }),
    lastName: line(1, L.name, M.lastName, M.lastNameTooLong).meta({ examples: ["Hopper"] }),
    email: emailText(M.email, L.email).meta({ examples: ["grace@example.com"] }),
    // Kept as typed (staff read it back); any plausible phone, 1300/1800 and overseas included (issue 34).
    phone: line(1, L.phone, M.phone, M.phoneTooLong)
      // A line break inside has its own message (the one-line rule): judged only on one-line text.
      .refine((value) => value === "" || value.length > L.phone || !isOneLine(value) || isPlausiblePhone(value), M.phoneInvalid)
      .meta({ description: "Any phone: 7 to 20 digits, with spaces, brackets, dots, dashes and one leading +", examples: ["03 9123 4567", "1300 123 456", "+44 20 7946 0958"] }),
    suburb: line(1, L.suburb, M.suburb, M.suburbTooLong).meta({ examples: ["Richmond"] }),
    message: text(1, L.message, M.message, M.messageTooLong)
      .meta({ description: "inquiryText is accepted as an alias", examples: ["A quote for cleaning our 400 m² office, five evenings a week, please."] }),
  }),
).meta({ id: "InquiryInput" });

export const inquiryRecordSchema = z.object({
  _id: z.string().meta({ examples: ["5f3a9c7e-2b1d-4c8e-a6f0-9d4b7e1c2a35"] }),
  reference: z.string().meta({ description: "The short reference people read out, e.g. YI-7K3F9Q (no 0/O or 1/I)", examples: ["YI-7K3F9Q"] }),
  inquiryType: z.enum(INQUIRY_TYPES),
  firstName: z.string().meta({ examples: ["Grace"] }),
  lastName: z.string().meta({ examples: ["Hopper"] }),
  email: z.string().meta({ examples: ["grace@example.com"] }),
  phone: z.string().meta({ examples: ["03 9123 4567"] }),
  suburb: z.string().meta({ examples: ["Richmond"] }),
  message: z.string().meta({ examples: ["A quote for cleaning our 400 m² office, five evenings a week, please."] }),
  createdAt: z.string().meta({ examples: ["2026-11-20T03:12:45.000Z"] }),
}).meta({ id: "Inquiry" });
