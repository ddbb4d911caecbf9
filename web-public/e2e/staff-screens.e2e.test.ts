/**
 * Every staff screen in Chromium at 390 and 1280 px (issue 34): logged in as the demo superadmin,
 * each route shows its heading, the page never scrolls sideways (a wide table scrolls in its own
 * box), axe finds nothing and the console stays clean. The book holds a one-off booking with a
 * payment, a regular clean, a quote and an inquiry, so the record pages have something to show.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { melbourneInstant } from "../../core/shared/melbourne-time.ts";
import { bookThroughApi, hourlyService } from "./api-bookings.ts";
import { axeViolations, sidewaysOverflow } from "./axe.ts";
import { launchBrowser, watchErrors } from "./browser.ts";
import { logIn, openDays, staffToken } from "./steps.ts";

const baseUrl = inject("baseUrl");
const SHOTS = process.env.BOOKING_SHOTS_DIR ?? "/tmp/booking-shots";
const WIDTHS = [[390, 844], [1280, 900]] as const;

let browser: Browser;
/** The records the routes open, made once through the public API. */
let book: { bookingId: string; quoteId: string; customerId: string; seriesId: string; inquiryId: string; day: string };

async function postJson<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(baseUrl + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(201);
  return (await response.json()) as T;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const days = await openDays(30);
  const stamp = Date.now();
  const once = await bookThroughApi({ day: days[3], hour: 9, hours: 2, firstName: "Nora", lastName: "Sweep", email: `sweep.${stamp}@example.com` });
  const weekly = await bookThroughApi({
    day: days[4], hour: 13, hours: 2, firstName: "Wes", lastName: "Weekly", email: `weekly.${stamp}@example.com`, frequencyCode: "WEEKLY",
  });
  const { serviceId, answers } = await hourlyService();
  const quote = await postJson<{ _id: string }>("/api/quotes", {
    firstName: "Quinn", lastName: "Quote", email: `quote.${stamp}@example.com`, phone: "0412 345 678",
    address: { street: "3 Swan St", suburb: "Richmond", state: "VIC", postCode: "3121" },
    serviceId, servicePricingModel: "HOURLY", hours: 3, extras: [],
    startTimeISO: melbourneInstant(days[5], 10).toISOString(), frequencyCode: "ONE_TIME", answers, notes: "",
  });
  const inquiry = await postJson<{ _id: string }>("/api/inquiries", {
    inquiryType: "OFFICE", firstName: "Ingrid", lastName: "Inquiry", email: `inquiry.${stamp}@example.com`,
    phone: "03 9123 4567", suburb: "Richmond", message: "Evening clean of a 300 m2 office, five nights a week.",
  });
  const staff = { authorization: `Bearer ${await staffToken()}` };
  const record = await (await fetch(`${baseUrl}/api/admin/bookings/${once._id}`, { headers: staff })).json() as { customerId: string };
  // A part payment, so the booking's page shows its ledger row with Receipt and Void (issue 34 item 14 at 390 px).
  const paid = await fetch(`${baseUrl}/api/admin/bookings/${once._id}/payments`, {
    method: "POST",
    headers: { ...staff, "content-type": "application/json" },
    body: JSON.stringify({ amount: 50, method: "CASH", note: "Deposit on the day" }),
  });
  expect(paid.status, await paid.clone().text()).toBe(201);
  book = {
    bookingId: once._id, quoteId: quote._id, customerId: record.customerId, seriesId: weekly.seriesId!, inquiryId: inquiry._id, day: days[3],
  };
  await mkdir(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** Each staff route with the heading it must show. */
const screens = (): [path: string, heading: RegExp][] => [
  ["/admin/schedule", /Schedule/],
  ["/admin/bookings", /^Bookings/],
  [`/admin/bookings/${book.bookingId}`, /Booking/],
  [`/admin/bookings/${book.quoteId}`, /Quote/],
  [`/admin/bookings/${book.bookingId}/edit`, /Edit booking/i],
  ["/admin/bookings/new", /New booking/i],
  ["/admin/inquiries", /^Inquiries$/],
  [`/admin/inquiries/${book.inquiryId}`, /^Inquiry$/],
  ["/admin/customers", /^Customers/],
  [`/admin/customers/${book.customerId}`, /Nora/],
  ["/admin/series", /Regular cleans|Series/i],
  [`/admin/series/${book.seriesId}`, /Wes|Weekly|Regular/i],
  ["/admin/team", /Team|Cleaners/i],
  ["/admin/timesheets", /^Timesheets$/],
  ["/admin/reports", /^Reports$/],
  ["/admin", /Services/],
  ["/admin/extras", /Extras/],
  ["/admin/frequencies", /Frequencies/],
  ["/admin/questions", /Questions/],
  ["/admin/settings", /^Settings$/],
  ["/admin/admins", /^Admins$/],
  ["/admin/audit", /^Audit log$/],
  [`/admin/schedule/print?date=${book.day}`, /Run sheet/i],
];

/** Waits for the route's h1 and for its data to settle (no busy region, no loading text). */
async function settle(page: Page, heading: RegExp) {
  const h1 = page.getByRole("heading", { level: 1 }).filter({ hasText: heading });
  await h1.first().waitFor({ state: "visible", timeout: 15_000 });
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 15_000 });
}

describe("every staff screen, logged in, at 390 and 1280 px", () => {
  for (const [width, height] of WIDTHS) {
    it(`shows each screen's heading at ${width} px with no sideways scroll, no axe finding and no console error`, async () => {
      const context = await browser.newContext({ viewport: { width, height }, bypassCSP: true });
      const page = await context.newPage();
      const errors = watchErrors(page);
      const failed: string[] = [];
      page.on("response", (response) => {
        if (response.status() >= 400) failed.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
      });
      await logIn(page);
      const findings: string[] = [];
      for (const [path, heading] of screens()) {
        await page.goto(baseUrl + path, { waitUntil: "networkidle" });
        await settle(page, heading);
        const overflow = await sidewaysOverflow(page);
        if (overflow > 0) findings.push(`${path}: scrolls ${overflow}px sideways`);
        for (const violation of await axeViolations(page)) {
          findings.push(`${path}: axe ${violation.id} (${violation.help}) at ${violation.targets.join(" ")}`);
        }
        const name = path.replace(/^\/admin\/?/, "").replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, "record").replace(/[^a-z0-9]+/gi, "-") || "services";
        await page.screenshot({ path: join(SHOTS, `staff-${width}-${name}.png`), fullPage: false });
      }
      expect(findings).toEqual([]);
      expect(failed, "requests that failed").toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }, 180_000);
  }
});
