/** The commercial inquiry form (public-site.md section 5, decisions.md). */
import { isRecord, readText } from "../shared/input.ts";
import {
  addFieldError,
  err,
  type FieldErrors,
  hasFieldErrors,
  ok,
  type Result,
  validationError,
} from "../shared/result.ts";
import {
  DEFAULT_INQUIRY_TYPE,
  INQUIRY_TYPE_ALIASES,
  INQUIRY_TYPES,
  type InquiryInput,
  type InquiryType,
  type NewInquiry,
} from "./types.ts";

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
  phoneTooLong: "Please keep your phone number under 40 characters.",
  suburb: "Please enter your suburb.",
  suburbTooLong: "Please keep your suburb under 100 characters.",
  message: "Please tell us about your cleaning needs.",
  messageTooLong: "Please keep your message under 5,000 characters.",
  inquiryType: "Please choose a valid inquiry type.",
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const M = INQUIRY_MESSAGES;

/** The six public types, INDUSTRIAL as an alias, OFFICE when absent; null when unknown. */
export function readInquiryType(value: unknown): InquiryType | null {
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) {
    return DEFAULT_INQUIRY_TYPE;
  }
  if (typeof value !== "string") return null;
  const code = value.trim().toUpperCase();
  if ((INQUIRY_TYPES as readonly string[]).includes(code)) return code as InquiryType;
  return INQUIRY_TYPE_ALIASES[code] ?? null;
}

/** `message`, or its alias `inquiryText` when message is blank. */
const messageOf = (input: InquiryInput): string =>
  readText(input.message) || readText(input.inquiryText);

export function validateInquiry(input: InquiryInput): Result<NewInquiry> {
  const raw: InquiryInput = isRecord(input) ? input : {};
  const errors: FieldErrors = {};
  const required = (path: string, value: string, max: number, missing: string, tooLong: string) => {
    if (value === "") addFieldError(errors, path, missing);
    else if (value.length > max) addFieldError(errors, path, tooLong);
  };

  const inquiryType = readInquiryType(raw.inquiryType);
  if (!inquiryType) addFieldError(errors, "inquiryType", M.inquiryType);
  const firstName = readText(raw.firstName);
  required("firstName", firstName, INQUIRY_LIMITS.name, M.firstName, M.firstNameTooLong);
  const lastName = readText(raw.lastName);
  required("lastName", lastName, INQUIRY_LIMITS.name, M.lastName, M.lastNameTooLong);
  const email = readText(raw.email);
  if (!EMAIL_PATTERN.test(email) || email.length > INQUIRY_LIMITS.email) {
    addFieldError(errors, "email", M.email);
  }
  const phone = readText(raw.phone);
  required("phone", phone, INQUIRY_LIMITS.phone, M.phone, M.phoneTooLong);
  const suburb = readText(raw.suburb);
  required("suburb", suburb, INQUIRY_LIMITS.suburb, M.suburb, M.suburbTooLong);
  const message = messageOf(raw);
  required("message", message, INQUIRY_LIMITS.message, M.message, M.messageTooLong);

  if (hasFieldErrors(errors) || !inquiryType) return err(validationError(errors));
  return ok({ inquiryType, firstName, lastName, email, phone, suburb, message });
}

/** The send button's rule: the text fields non-empty and the email shaped like x@y.z. */
export function canSendInquiry(form: Omit<InquiryInput, "inquiryType" | "inquiryText">): boolean {
  return [form.firstName, form.lastName, form.phone, form.suburb, form.message].every((v) =>
    readText(v) !== ""
  ) &&
    EMAIL_PATTERN.test(readText(form.email));
}
