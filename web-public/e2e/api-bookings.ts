/**
 * Bookings made and days judged through the public API, as an integrator would (issue 28's
 * end-to-end files): the hourly service with its required answers, a booking at an hour of a day,
 * the start times a day has free, and the manage link of a customer's e-mail.
 */
import { expect, inject } from "vitest";
import { melbourneInstant } from "../../core/shared/melbourne-time.ts";

interface Service { _id: string; name: string; pricingModel: string }
interface Question { _id: string; required: boolean; options: { value: string }[] }

export interface BookedRecord {
  _id: string;
  reference: string;
  startTime: string;
  endTime: string;
  status: string;
  seriesId: string | null;
}

/** The hourly service and the answers its required questions need. */
export async function hourlyService(): Promise<{ serviceId: string; answers: { questionId: string; value: string }[] }> {
  const baseUrl = inject("baseUrl");
  const { items: services } = (await (await fetch(`${baseUrl}/api/services`)).json()) as { items: Service[] };
  const service = services.find((s) => s.pricingModel === "HOURLY")!;
  expect(service, "an hourly service").toBeTruthy();
  const { items: questions } = (await (await fetch(`${baseUrl}/api/questions?serviceId=${service._id}`)).json()) as { items: Question[] };
  const answers = questions.filter((q) => q.required).map((q) => ({ questionId: q._id, value: q.options[0]?.value ?? "Front door" }));
  return { serviceId: service._id, answers };
}

export interface BookingOrder {
  day: string;
  hour: number;
  hours: number;
  firstName: string;
  lastName: string;
  email: string;
  /** ONE_TIME unless a regular clean (WEEKLY, …). */
  frequencyCode?: string;
}

/** A customer's booking through POST /api/bookings; expects 201. */
export async function bookThroughApi(order: BookingOrder): Promise<BookedRecord> {
  const { serviceId, answers } = await hourlyService();
  const response = await fetch(`${inject("baseUrl")}/api/bookings`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      firstName: order.firstName, lastName: order.lastName, email: order.email, phone: "0412 345 678",
      address: { street: "12 Chapel St", suburb: "Richmond", state: "VIC", postCode: "3121" },
      serviceId, servicePricingModel: "HOURLY", hours: order.hours, extras: [],
      startTimeISO: melbourneInstant(order.day, order.hour).toISOString(),
      frequencyCode: order.frequencyCode ?? "ONE_TIME", answers, notes: "",
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as BookedRecord;
}

/**
 * The starts (UTC ISO) free for an hourly visit of `hours`, per Melbourne date from `from` to `to`
 * (at most 62 days): the calendar the booking form shows, capacity and closed dates counted.
 */
export async function freeStarts(from: string, to: string, hours: number): Promise<Map<string, Set<string>>> {
  const { serviceId } = await hourlyService();
  const response = await fetch(`${inject("baseUrl")}/api/availability?from=${from}&to=${to}&serviceId=${serviceId}&hours=${hours}`);
  expect(response.ok, await response.clone().text()).toBe(true);
  const { days } = (await response.json()) as { days: { date: string; slots?: { startTimeISO: string; available: boolean }[] }[] };
  return new Map(days.map((day) => [
    day.date,
    new Set((day.slots ?? []).filter((slot) => slot.available).map((slot) => new Date(slot.startTimeISO).toISOString())),
  ]));
}

/** The manage-my-booking link of a customer e-mail, its quoted-printable soft breaks undone. */
export function manageLinkIn(eml: string): string {
  const link = /https?:\/\/[^\s"<>]+\/manage\/[A-Za-z0-9_-]{43}/.exec(eml.replace(/=\r?\n/g, ""));
  if (!link) throw new Error(`no manage link in:\n${eml.slice(0, 2000)}`);
  return link[0];
}
