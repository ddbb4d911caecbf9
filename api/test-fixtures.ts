/** Drafts and a fixed clock for the booking API tests. */
import { DEMO_EXTRAS, DEMO_QUESTIONS, DEMO_SERVICE_IDS } from "../adapters/postgres/demo-data.ts";
import type { Clock } from "../core/shared/ports.ts";

/** Sunday 22 Nov 2026, 11:00 in Melbourne: the earliest bookable date is Thursday 26 Nov. */
export const NOW = new Date("2026-11-22T00:00:00Z");
export const fixedClock: Clock = { now: () => NOW };

/** Friday 27 Nov 2026, 9:00 Melbourne (AEDT, +11). */
export const FRIDAY_9AM = "2026-11-27T09:00:00+11:00";

const hourlyExtras = DEMO_EXTRAS.filter((e) => e.serviceId === DEMO_SERVICE_IDS.hourly);
export const quantityExtra = hourlyExtras.find((e) => e.hasQuantity)!;
export const plainExtra = hourlyExtras.find((e) => !e.hasQuantity)!;
export const accessQuestion = DEMO_QUESTIONS.find((q) => q.scope === "GLOBAL" && q.required && q.type === "SINGLE")!;

export function draft(overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    phone: "0412 345 678",
    address: { unit: "4", street: "12 Smith St", suburb: "Fitzroy", state: "VIC", postCode: "3065" },
    serviceId: DEMO_SERVICE_IDS.hourly,
    servicePricingModel: "HOURLY",
    hours: 3,
    extras: [{ extraId: quantityExtra._id, quantity: 2 }, { extraId: plainExtra._id, quantity: 5 }],
    startTimeISO: FRIDAY_9AM,
    frequencyCode: "WEEKLY",
    answers: [{ questionId: accessQuestion._id, value: accessQuestion.options[0].value }],
    notes: "Side gate is unlocked.",
    ...overrides,
  };
}

export const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
