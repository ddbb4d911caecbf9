/**
 * Wire types of the public catalogue reads and the login call, as the browser receives them:
 * core's types with every Date turned into an ISO 8601 string.
 */
import type { AdminRole, AdminUser } from "../../core/admin/types.ts";
import type { BookingRecord } from "../../core/booking/types.ts";
import type { Extra, Frequency, Question, Service } from "../../core/catalog/types.ts";
import type { BookingFormContent, BusinessProfile } from "../../core/settings/types.ts";

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
export type { AdminRole } from "../../core/admin/types.ts";
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
export type ServiceDto = Wire<Service>;
/** GET /api/extras?serviceId */
export type ExtraDto = Wire<Extra>;
/** GET /api/frequencies */
export type FrequencyDto = Wire<Frequency>;
/** GET /api/questions?serviceId */
export type QuestionDto = Wire<Question>;
/** GET /api/content */
export type BookingFormContentDto = BookingFormContent;
/** GET /api/business */
export type BusinessProfileDto = BusinessProfile;

/** POST /api/availability/check */
export interface AvailabilityRequest {
  startTimeISO: string;
  durationHours: number;
}
export interface AvailabilityResponse {
  available: boolean;
}

/** POST /api/bookings and POST /api/quotes answer with the stored record. */
export type BookingResultDto = Wire<BookingRecord>;

/** POST /api/auth/login */
export interface LoginRequest {
  email: string;
  password: string;
}
export type SessionUser = Pick<Wire<AdminUser>, "_id" | "name" | "email"> & {
  role: AdminRole;
  /** Some callers key users by `id` (admin-area.md section 3). */
  id?: string;
};
export interface LoginResponse {
  token: string;
  user: SessionUser;
}
