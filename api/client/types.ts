/**
 * Wire types of the calls the web apps make, as the browser receives them. Where core declares
 * the response with a zod schema (core/<area>/schemas.ts), the type is that schema's output, so
 * the server's validation, the OpenAPI document and the browser share one declaration. Imports
 * are type-only: no zod reaches the bundles through this file.
 */
import type { z } from "zod";
import type { AdminUser } from "../../core/admin/types.ts";
import type { StaffRole } from "../../core/shared/staff-roles.ts";
import type {
  availabilityResultSchema,
  availabilitySchema,
  bookingRecordSchema,
} from "../../core/booking/schemas.ts";
import type {
  extraSchema,
  frequencySchema,
  questionSchema,
  serviceSchema,
} from "../../core/catalog/schemas.ts";
import type {
  businessSchema,
  contentSchema,
  publicSchedulingSchema,
} from "../../core/settings/schemas.ts";

export type {
  Answer,
  BedroomPrice,
  PricingModel,
  QuestionOption,
  QuestionScope,
  QuestionType,
} from "../../core/catalog/types.ts";
export type {
  Address,
  BookingDraftInput,
  BookingStatus,
  RecordStatus,
  RecordType,
  Totals,
} from "../../core/booking/types.ts";
export type { InquiryType } from "../../core/inquiry/types.ts";
export type { AdminRole, StaffRole } from "../../core/shared/staff-roles.ts";
export type {
  BookingFormContent,
  BusinessProfile,
  Council,
  SocialLink,
} from "../../core/settings/types.ts";

/** A value as JSON carries it: Dates become ISO strings, recursively. */
export type Wire<T> = T extends Date ? string
  : T extends (infer U)[] ? Wire<U>[]
  : T extends object ? { [K in keyof T]: Wire<T[K]> }
  : T;

/** `{ items }` per decisions.md, or a bare array; read it with itemsOf. */
export type ListResponse<T> = T[] | {
  items: T[];
  page?: number;
  totalPages?: number;
  totalItems?: number;
};

/** GET /api/services, GET /api/services/{id} */
export type ServiceDto = z.output<typeof serviceSchema>;
/** GET /api/extras?serviceId */
export type ExtraDto = z.output<typeof extraSchema>;
/** GET /api/frequencies */
export type FrequencyDto = z.output<typeof frequencySchema>;
/** GET /api/questions?serviceId */
export type QuestionDto = z.output<typeof questionSchema>;
/** GET /api/content */
export type BookingFormContentDto = z.output<typeof contentSchema>;
/** GET /api/business */
export type BusinessProfileDto = z.output<typeof businessSchema>;
/** GET /api/scheduling: the settings the booking form offers days and start times with. */
export type PublicSchedulingDto = z.output<typeof publicSchedulingSchema>;

/** POST /api/availability/check */
export type AvailabilityRequest = z.input<typeof availabilitySchema>;
export type AvailabilityResponse = z.output<typeof availabilityResultSchema>;

/** POST /api/bookings and POST /api/quotes answer with the stored record. */
export type BookingResultDto = z.output<typeof bookingRecordSchema>;

/** POST /api/auth/login */
export interface LoginRequest {
  email: string;
  password: string;
}
export type SessionUser = Pick<Wire<AdminUser>, "_id" | "name" | "email"> & {
  /** Issue 31: "cleaner" for a cleaner's login, which reaches only the team API (My jobs). */
  role: StaffRole;
  /** The cleaner of a cleaner's login; null (or absent, from an older session) for the office. */
  cleanerId?: string | null;
  /** Some callers key users by `id` (admin-area.md section 3). */
  id?: string;
};
export interface LoginResponse {
  /** For integrators (Authorization: Bearer); the browser keeps the session in its cookie. */
  token: string;
  /** ISO time the session ends. */
  expiresAt: string;
  user: SessionUser;
}
