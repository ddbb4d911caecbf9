/** The bookings the office makes, edits and converts from quotes (issue 16). */
import type { Context } from "hono";
import { z } from "zod";
import { bookingRecordSchema } from "../../../core/booking/schemas.ts";
import {
  quoteConversionSchema,
  staffBookingDraftSchema,
  staffBookingEditSchema,
  staffBookingPreviewSchema,
} from "../../../core/booking/staff/booking-schemas.ts";
import {
  CONVERT_QUOTE_ERRORS,
  type EditPreview,
  STAFF_CREATE_ERRORS,
  STAFF_EDIT_ERRORS,
  type StaffBookings,
} from "../../../core/workflows/staff-bookings.ts";
import type { BookingRecord } from "../../../core/booking/types.ts";
import { failWith } from "../../http-errors.ts";
import { IdParams, json, jsonBody, route, routeGroup } from "../../openapi.ts";
import { presentRecord } from "../bookings.ts";

const tags: [string] = ["Staff: bookings and inquiries"];
const role = "admin" as const;
/** What the three calls tell of the override (a 403 of its own, besides the role's). */
const OVERRIDE_REFUSED = "overrideCapacity from an admin who is not a superadmin is a 403 FORBIDDEN.";

const createBooking = route({
  method: "post", path: "/bookings", tags, "x-required-role": role, summary: "Make a booking for a customer (e.g. taken on the phone)",
  description: "The public draft, validated and priced by core exactly as POST /api/bookings does (client totals are ignored; the service area, closed days and dates, slot hours, horizon and the end of the working day apply), except that the office may book inside the lead time and at any quarter hour of the working day (the public: on the hour); never in the past (422 on startTimeISO). " +
    "With allowOutsideHours: true the office may book outside the working hours (before the first or after the last start, on a closed weekday, past the end of the working day); closed dates, the past and the horizon still refuse. The audit row then says allowOutsideHours: true. " +
    "Decided by the one reservation: the capacity rule under its locks (a superadmin may send overrideCapacity: true to skip it), and in team mode a cleaner who works then and is free, given the job in the same transaction (the customer's last cleaner first; cleanerIds in the answer). Stored as a PENDING booking, or as a CONFIRMED one with status: CONFIRMED (a time agreed with the customer; both hold the place, and a regular clean's visits follow its first); a weekly (repeating) one starts its regular clean with its visits planned at once. " +
    "notifyCustomer (default true) decides whether the customer gets the booking e-mail (with the .ics and a manage-my-booking link); the office is not notified. A CONFIRMED booking's one e-mail says it is confirmed (subject \"Booking confirmed\", the invite CONFIRMED): no separate confirmation follows. Audited as booking.create_by_staff with its status. " +
    "409 SLOT_UNAVAILABLE: the time is full (in team mode: no cleaner can come then); a 422 carries the draft's fieldErrors, with the public form's messages. " +
    OVERRIDE_REFUSED,
  request: { body: jsonBody(staffBookingDraftSchema) },
  errors: STAFF_CREATE_ERRORS,
  responses: { 201: json(bookingRecordSchema, "The booking") },
});

const editBooking = route({
  method: "patch", path: "/bookings/{id}", tags, "x-required-role": role, summary: "Change a booking or quote (preview first)",
  description: "Any of the time, hours or bedrooms, add-ons and quantities, frequency, address, contact details and notes; the others keep their values and the service stays the booking's own. The merged booking is validated by the public form's rules; the start is judged (no lead time for the office; any quarter hour of the working day, or outside it with allowOutsideHours: true, audited) when it moves, or when the size changes before the job. " +
    "A change of size, add-ons or frequency re-prices with core from the catalogue as it is now (the add-on lines and their prices are taken anew; 409 SERVICE_DELETED when the booking's service is no longer in the catalogue) and the payment state follows the ledger. " +
    "A visit whose times move goes through the one reservation: the capacity rule (leaving itself out; a superadmin may override it) and its assigned cleaners free (409 CLEANER_BUSY; in team mode working, else 409 CLEANER_UNAVAILABLE), under the booking's row lock, then the day locks, then the cleaners' locks. A NEEDS_ATTENTION booking moved this way is PENDING again, holding a place. " +
    "A new frequency that repeats starts a regular clean (a one-off made Weekly); a visit of one made non-repeating ends it after that visit (later visits cancelled, series-ended e-mail, audited series.end); a visit given another repeat is a 422 on frequencyCode (change the series from a date instead). " +
    "With preview: true nothing is written and the answer is { before, after, priceChanged } after the same checks. Otherwise a change that changes nothing writes nothing; a booking's calendarSequence rises by 1 with every change (its reminder is due again when the start moved), and when notifyCustomer (default true) the customer is e-mailed what changed (booking-rescheduled when the start moved, else booking-updated, each with the updated .ics, same UID; quote-updated without one). " +
    "A quote may change only its time, address, contact details and notes (409 QUOTE_CHANGE_NOT_ALLOWED); a cancelled booking cannot be changed (409 BOOKING_NOT_EDITABLE). Audited as booking.edit with the changed fields before and after. " +
    "A 422 carries the merged draft's fieldErrors, with the public form's messages. " + OVERRIDE_REFUSED,
  request: { params: IdParams, body: jsonBody(staffBookingEditSchema) },
  errors: STAFF_EDIT_ERRORS,
  responses: {
    200: json(z.union([bookingRecordSchema, staffBookingPreviewSchema]), "The updated record; with preview: true, { before, after, priceChanged }"),
  },
});

const convertQuote = route({
  method: "post", path: "/bookings/{id}/convert", tags, "x-required-role": role, summary: "Turn a quote into a booking",
  description: "The quote becomes a PENDING BOOKING at its requested time, at its estimated prices. The time is judged by the office's rules for the job's length (422 on startTimeISO when, say, it has passed: change the quote's time first; allowOutsideHours: true books an after-hours request as asked, audited) and capacity-checked (a superadmin may override). " +
    "The body is optional: without one, or with notifyCustomer (default true), the customer gets the booking e-mail with the .ics and a manage-my-booking link. Audited as booking.convert. " +
    OVERRIDE_REFUSED,
  request: { params: IdParams, body: { ...jsonBody(quoteConversionSchema), required: false } },
  errors: CONVERT_QUOTE_ERRORS,
  responses: { 200: json(bookingRecordSchema, "The booking") },
});

type Presentable = BookingRecord | EditPreview;

const isPreview = (value: Presentable): value is EditPreview => "before" in value && "after" in value;

/** The record (or both records of a preview) as the wire carries it. */
const present = (value: Presentable): object =>
  isPreview(value)
    ? { before: presentRecord(value.before), after: presentRecord(value.after), priceChanged: value.priceChanged }
    : presentRecord(value);

/** A convert sent with no body at all takes the defaults (the declared body is optional). */
const hasBody = (c: Context) => (c.req.header("content-type") ?? "") !== "" || Number(c.req.header("content-length") ?? 0) > 0;

/** The office's booking calls, mounted under /api/admin behind requireAdmin. */
export function staffBookingsRoutes(staffBookings: StaffBookings) {
  const group = routeGroup();
  group.on("POST", "/bookings/:id/convert", async (c, next) => {
    if (hasBody(c)) return await next();
    const result = await staffBookings.convert(c.get("admin"), c.req.param("id"), {});
    return result.ok ? c.json(present(result.value), 200) : failWith(convertQuote, c, result.error);
  });
  return group
    .openapi(createBooking, async (c) => {
      const result = await staffBookings.create(c.get("admin"), c.req.valid("json"));
      return result.ok ? c.json(present(result.value), 201) : failWith(createBooking, c, result.error);
    })
    .openapi(editBooking, async (c) => {
      const result = await staffBookings.edit(c.get("admin"), c.req.valid("param").id, c.req.valid("json"));
      return result.ok ? c.json(present(result.value), 200) : failWith(editBooking, c, result.error);
    })
    .openapi(convertQuote, async (c) => {
      const result = await staffBookings.convert(c.get("admin"), c.req.valid("param").id, c.req.valid("json"));
      return result.ok ? c.json(present(result.value), 200) : failWith(convertQuote, c, result.error);
    });
}
