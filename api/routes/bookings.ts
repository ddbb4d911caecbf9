import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { z } from "zod";
import type { CreateBooking } from "../../core/booking/create-booking.ts";
import type { Availability } from "../../core/booking/check-availability.ts";
import type { BookingRecord } from "../../core/booking/types.ts";
import type { Inquiry } from "../../core/inquiry/types.ts";
import type { FieldErrors, Result } from "../../core/shared/result.ts";
import { fieldErrorsFromIssues, sendError } from "../http-errors.ts";
import { readJsonObject } from "../read-json.ts";
import { availabilitySchema, bookingDraftSchema } from "../../core/booking/schemas.ts";
import { inquirySchema } from "../../core/inquiry/schemas.ts";

export interface PublicWriteDeps {
  createBooking: CreateBooking;
  checkAvailability: (input: unknown, shapeErrors?: FieldErrors) => Promise<Result<Availability>>;
  createInquiry: (input: unknown, shapeErrors?: FieldErrors) => Promise<Result<Inquiry>>;
  /** Abuse limits and idempotency, per route group. */
  guards: {
    submit: MiddlewareHandler;
    availability: MiddlewareHandler;
    idempotent: (scope: string) => MiddlewareHandler;
  };
}

const shapeErrors = (schema: z.ZodType, body: unknown): FieldErrors => {
  const parsed = schema.safeParse(body);
  return parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
};

/** What the result card and the receipt need, with the service name under its plain name. */
export const presentRecord = (record: BookingRecord) => ({
  ...record,
  serviceName: record.serviceNameAtBooking,
});

/** The public answer to an inquiry: what was received, not the staff's fields. */
export const presentInquiry = ({ read: _r, hasAddress: _h, archivedAt: _a, adminNotes: _n, ...inquiry }: Inquiry) =>
  inquiry;

/** The customer's writes: availability, bookings, quotes, commercial inquiries. */
export function publicWriteRoutes(deps: PublicWriteDeps) {
  const { guards } = deps;
  const draftRoute = (type: "BOOKING" | "QUOTE") =>
  async (c: Context) => {
    const body = await readJsonObject(c);
    const result = await deps.createBooking(body, type, shapeErrors(bookingDraftSchema, body));
    return result.ok ? c.json(presentRecord(result.value), 201) : sendError(c, result.error);
  };
  return new Hono()
    .post("/availability/check", guards.availability, async (c) => {
      const body = await readJsonObject(c);
      const result = await deps.checkAvailability(body, shapeErrors(availabilitySchema, body));
      return result.ok ? c.json(result.value) : sendError(c, result.error);
    })
    .post("/bookings", guards.submit, guards.idempotent("bookings"), draftRoute("BOOKING"))
    .post("/quotes", guards.submit, guards.idempotent("quotes"), draftRoute("QUOTE"))
    .post("/inquiries", guards.submit, guards.idempotent("inquiries"), async (c) => {
      const body = await readJsonObject(c);
      const result = await deps.createInquiry(body, shapeErrors(inquirySchema, body));
      if (!result.ok) return sendError(c, result.error);
      return c.json(presentInquiry(result.value), 201);
    });
}
