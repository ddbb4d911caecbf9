/** The commercial inquiry form's words and limits (public-site.md section 5, decisions.md); the rules are inquirySchema's. */
import { readText } from "../shared/input.ts";
import { EMAIL_PATTERN } from "../shared/contact.ts";

export const INQUIRY_LIMITS = {
  name: 100,
  email: 254,
  phone: 40,
  suburb: 100,
  message: 5000,
} as const;

export const INQUIRY_MESSAGES = {
  firstName: "Please enter your first name.",
  firstNameTooLong: "Please keep your first name under 100 characters.",
  lastName: "Please enter your last name.",
  lastNameTooLong: "Please keep your last name under 100 characters.",
  email: "Please enter a valid email address.",
  phone: "Please enter your phone number.",
  /** Issue 34: any plausible phone (a business may give 1300, 1800 or an overseas number). */
  phoneInvalid: "Please enter a valid phone number (e.g. 03 9123 4567, 1300 123 456 or +44 20 7946 0958).",
  phoneTooLong: "Please keep your phone number under 40 characters.",
  suburb: "Please enter your suburb.",
  suburbTooLong: "Please keep your suburb under 100 characters.",
  message: "Please tell us about your cleaning needs.",
  messageTooLong: "Please keep your message under 5,000 characters.",
  inquiryType: "Please choose a valid inquiry type.",
} as const;

/**
 * A phone a business may plausibly give (issue 34; the seed sets no rule for this form): 7 to 20
 * digits, written with spaces, brackets, dots or dashes, and one leading +. The booking form keeps
 * the Australian rule (the cleaner rings the customer).
 */
export function isPlausiblePhone(value: string): boolean {
  const trimmed = value.trim();
  if (!/^\+?[0-9\s().-]+$/.test(trimmed)) return false;
  const digits = trimmed.replace(/\D/g, "").length;
  return digits >= 7 && digits <= 20;
}

type InquiryText = "firstName" | "lastName" | "email" | "phone" | "suburb" | "message";

/** The send button's rule: the text fields non-empty and the email shaped like x@y.z. */
export function canSendInquiry(form: Partial<Record<InquiryText, unknown>>): boolean {
  return [form.firstName, form.lastName, form.phone, form.suburb, form.message].every((v) => readText(v) !== "") &&
    EMAIL_PATTERN.test(readText(form.email));
}
