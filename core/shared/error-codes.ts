/**
 * Every machine code the API answers with, in one union: the web apps switch on it and the
 * compiler finds each place a new code must be handled. The error body's zod schema lives here
 * too, so the OpenAPI document and the server agree on it.
 */
import { z } from "zod";

export const ERROR_CODES = [
  // Requests that never reach a rule
  "BAD_REQUEST",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "METHOD_NOT_ALLOWED",
  "NOT_FOUND",
  "RATE_LIMITED",
  "INTERNAL_ERROR",
  "DATABASE_UNAVAILABLE",
  "SERVICE_BUSY",
  "VALIDATION_FAILED",
  // Idempotent writes
  "INVALID_IDEMPOTENCY_KEY",
  "IDEMPOTENCY_KEY_IN_PROGRESS",
  "IDEMPOTENCY_KEY_REUSED",
  // Sessions and accounts
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "INVALID_CREDENTIALS",
  "LOGIN_LOCKED",
  "CSRF_REJECTED",
  "ADMIN_NOT_FOUND",
  "EMAIL_TAKEN",
  "LAST_SUPERADMIN",
  "CANNOT_DELETE_SELF",
  "CANNOT_CHANGE_OWN_ROLE",
  // Catalogue
  "SERVICE_NOT_FOUND",
  "EXTRA_NOT_FOUND",
  "FREQUENCY_NOT_FOUND",
  "QUESTION_NOT_FOUND",
  "PROFILE_NOT_FOUND",
  "SLUG_TAKEN",
  "CODE_TAKEN",
  "DEFAULT_FREQUENCY",
  "FREQUENCY_IN_USE",
  "DUPLICATE_EXTRA",
  // Pricing a draft
  "UNKNOWN_SERVICE",
  "UNKNOWN_EXTRA",
  "UNKNOWN_FREQUENCY",
  "UNKNOWN_BEDROOMS",
  "HOURS_REQUIRED",
  "HOURS_OUT_OF_RANGE",
  "BEDROOMS_REQUIRED",
  "INVALID_EXTRA_QUANTITY",
  // Bookings, quotes and inquiries
  "SLOT_UNAVAILABLE",
  "OUTSIDE_BOOKING_HOURS",
  "BOOKING_NOT_FOUND",
  "INQUIRY_NOT_FOUND",
  "INVALID_STATUS",
  "JOB_NOT_STARTED",
  "QUOTE_HAS_NO_STATUS",
  "QUOTE_NOT_PAYABLE",
  "ALREADY_PAID",
  "INVALID_AMOUNT",
  // The payment ledger
  "PAYMENT_NOT_FOUND",
  "PAYMENT_ALREADY_VOIDED",
  // Invoices and receipts (issue 30)
  "QUOTE_NOT_INVOICEABLE",
  // Card payments through Stripe (issue 30)
  "PAYMENT_NOT_VOIDABLE",
  "PAYMENTS_OFF",
  "NOTHING_DUE",
  "PAYMENT_NOT_REFUNDABLE",
  "REFUND_FAILED",
  "CHECKOUT_FAILED",
  "WEBHOOK_SIGNATURE_INVALID",
  // Manage my booking (the customer's link)
  "MANAGE_LINK_INVALID",
  "CHANGE_CUTOFF_PASSED",
  "BOOKING_NOT_CHANGEABLE",
  // Bookings staff make, edit and convert from quotes (issue 16)
  "BOOKING_NOT_EDITABLE",
  "QUOTE_CHANGE_NOT_ALLOWED",
  "SERVICE_DELETED",
  "NOT_A_QUOTE",
  // Quotes the office prices and the customer answers (issue 30)
  "QUOTE_NOT_PRICED",
  "QUOTE_ALREADY_DECIDED",
  "QUOTE_EXPIRED",
  // Closed dates
  "CLOSED_DATE_EXISTS",
  "CLOSED_DATE_NOT_FOUND",
  // Cleaners and who cleans which job (issue 16)
  "CLEANER_NOT_FOUND",
  "CLEANER_BUSY",
  // Team mode (issue 28): the cleaner is not working, or on leave, at that time
  "CLEANER_UNAVAILABLE",
  "QUOTE_NOT_ASSIGNABLE",
  "BOOKING_NOT_ASSIGNABLE",
  // Series of regular visits and customer records (issue 17)
  "SERIES_NOT_FOUND",
  "SERIES_ENDED",
  "VISIT_NOT_IN_SERIES",
  "VISIT_NOT_CHANGEABLE",
  "NOT_A_SERIES",
  "CUSTOMER_NOT_FOUND",
  "CUSTOMER_MERGE_INVALID",
  // Cleaners' logins (issue 31)
  "CLEANER_HAS_ACCOUNT",
  "CLEANER_INACTIVE",
  "CLEANER_ACCOUNT_NOT_FOUND",
  "SET_PASSWORD_LINK_INVALID",
  // A cleaner on the job (issue 31): their own jobs, and the order of on my way, check-in, check-out
  "JOB_NOT_FOUND",
  "JOB_NOT_ACTIVE",
  "TOO_EARLY",
  "ALREADY_CHECKED_IN",
  "NOT_CHECKED_IN",
  "ALREADY_CHECKED_OUT",
  "CLEANER_NOT_ON_JOB",
  // Feedback after each job (issue 32)
  "FEEDBACK_LINK_INVALID",
  "FEEDBACK_ALREADY_GIVEN",
  "JOB_NOT_DONE",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one body of every error (decisions.md). */
export const ErrorBodySchema = z.object({
  error: z.string().meta({ description: "Human text, shown to the user as is" }),
  code: z.enum(ERROR_CODES).meta({ description: "Stable machine code" }),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional()
    .meta({ description: "Messages keyed by field path, e.g. address.postCode" }),
  details: z.unknown().optional(),
}).meta({ id: "Error" });

export type ErrorBody = z.infer<typeof ErrorBodySchema>;
