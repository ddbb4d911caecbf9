/** The booking page's calls (public-site.md section 7), all through the site's one fetch client. */
import type {
  AvailabilityResponse,
  BookingFormContentDto,
  BookingResultDto,
  ExtraDto,
  FrequencyDto,
  PublicSchedulingDto,
  QuestionDto,
  ServiceDto,
} from "@yarra/api/client/types.ts";
import { DEFAULT_AVAILABILITY_HOURS } from "@yarra/core/booking/capacity/scheduling.ts";
import { api } from "../../lib/api.ts";
import { DEFAULT_CONTENT, type DraftPayload } from "./booking-draft.ts";

export type SubmitKind = "BOOKING" | "QUOTE";

type Options = { signal?: AbortSignal };

export const fetchServices = (options?: Options) => api.list<ServiceDto>("/api/services", options);

export const fetchFrequencies = (options?: Options) => api.list<FrequencyDto>("/api/frequencies", options);

export const fetchExtras = (serviceId: string, options?: Options) =>
  api.list<ExtraDto>("/api/extras", { ...options, query: { serviceId } });

export const fetchQuestions = (serviceId: string, options?: Options) =>
  api.list<QuestionDto>("/api/questions", { ...options, query: { serviceId: serviceId || undefined } });

/** The scheduling settings staff keep (lead days, slot hours, closed days), as the server checks them. */
export const fetchScheduling = (options?: Options) => api.get<PublicSchedulingDto>("/api/scheduling", options);

/** Content with the spec's defaults under it, so a partial answer never blanks the comment box. */
export async function fetchContent(options?: Options): Promise<BookingFormContentDto> {
  const content = await api.get<Partial<BookingFormContentDto> | null>("/api/content", options);
  const merged = { ...DEFAULT_CONTENT };
  if (content && typeof content === "object") {
    if (typeof content.generalCommentEnabled === "boolean") {
      merged.generalCommentEnabled = content.generalCommentEnabled;
    }
    if (content.generalCommentLabel?.trim()) merged.generalCommentLabel = content.generalCommentLabel;
    if (content.generalCommentPlaceholder?.trim()) {
      merged.generalCommentPlaceholder = content.generalCommentPlaceholder;
    }
    if (content.cancellationPolicyHtml?.trim()) merged.cancellationPolicyHtml = content.cancellationPolicyHtml;
  }
  return merged;
}

/** Why a day takes no booking (GET /api/availability, issue 14). */
export type ClosedReason = "BEFORE_LEAD_TIME" | "CLOSED_DAY" | "CLOSED_DATE" | "BEYOND_HORIZON" | "FULL";

export interface AvailabilitySlot {
  startTimeISO: string;
  /** false: taken (no capacity left at that time). */
  available: boolean;
}

/** One Melbourne day of the calendar: open with its slots, or closed and why. */
export type AvailabilityDay =
  | { date: string; open: true; slots: AvailabilitySlot[]; label?: string }
  | { date: string; open: false; reason: ClosedReason; label?: string };

export interface AvailabilityCalendarDto {
  durationMinutes: number;
  days: AvailabilityDay[];
}

/** What gives the job its length: the service and its size, and the add-ons as `id:qty,id:qty`. */
export interface JobLengthQuery {
  serviceId?: string;
  hours?: number;
  bedrooms?: number;
  extras?: string;
}

/** The open days and free start times from `from` to `to` (Melbourne dates, at most 62 days). */
export const fetchAvailabilityCalendar = (
  range: { from: string; to: string },
  job: JobLengthQuery,
  options?: Options,
) => api.get<AvailabilityCalendarDto>("/api/availability", { ...options, query: { ...range, ...job } });

export async function checkAvailability(startTimeISO: string, hours: number | null): Promise<boolean> {
  const answer = await api.post<AvailabilityResponse>("/api/availability/check", {
    startTimeISO,
    durationHours: hours ?? DEFAULT_AVAILABILITY_HOURS,
  });
  return answer.available === true;
}

/** Posts a booking or a quote; the key makes a retry of the same attempt store nothing twice. */
export function submitDraft(kind: SubmitKind, draft: DraftPayload, idempotencyKey: string) {
  return api.post<BookingResultDto>(kind === "BOOKING" ? "/api/bookings" : "/api/quotes", draft, {
    headers: { "Idempotency-Key": idempotencyKey },
  });
}
