/**
 * Regular cleans (issue 17), in Chromium on the built site: a customer books a weekly clean on
 * the booking page; the office sees its next visits, skips one, and ends the regular clean; the
 * customer hears once about the end, not once per visit.
 */
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDaysYmd, melbourneYmd } from "../../core/shared/melbourne-time.ts";
import { launchBrowser, watchErrors } from "./browser.ts";
import { fillCustomer, logIn, mailsTo, openDays, pickDay, staffToken } from "./steps.ts";

const baseUrl = inject("baseUrl");
const SHOTS = process.env.BOOKING_SHOTS_DIR ?? "/tmp/booking-shots";

let browser: Browser;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await staffToken();
});
afterAll(async () => {
  await browser?.close();
});

interface Visit { _id: string; reference: string; seriesDate: string | null; startTime: string; status: string; cancelReason: string }
interface SeriesDetail { _id: string; status: string; frequencyName: string; anchorDate: string; horizonWeeks: number; visits: Visit[] }

async function staffGet<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok, path).toBe(true);
  return (await response.json()) as T;
}

/** The customer's series once the generation job has planned it through the horizon. */
async function plannedSeries(email: string, visits: number): Promise<SeriesDetail> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const list = await staffGet<{ items: { _id: string }[] }>(`/api/admin/series?q=${encodeURIComponent(email)}`);
    if (list.items.length === 1) {
      const detail = await staffGet<SeriesDetail>(`/api/admin/series/${list.items[0]._id}`);
      if (detail.visits.length >= visits) return detail;
    }
    if (Date.now() > deadline) throw new Error(`the series of ${email} has no ${visits} visits yet`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

describe("a regular clean", () => {
  it("is booked weekly on the site, planned eight weeks ahead, and the office skips a visit and ends it", async () => {
    // The customer books on the booking page, weekly, at 2 pm on a day a week or two ahead.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(baseUrl + "/book-now", { waitUntil: "networkidle" });
    const email = `regular.${Date.now()}@example.com`;
    await fillCustomer(page, email, { first: "Rita", last: "Regular" });
    await page.getByRole("radio", { name: /Hourly Cleaning/ }).check();
    await page.getByLabel(/^Hours/).selectOption("2");
    // Issue 28: a weekday whose nine weekly visits miss every closed date (the demo closes on the public holidays).
    const nineWeeksOpen = (ymd: string, closed: ReadonlySet<string>) =>
      Array.from({ length: 9 }, (_, n) => addDaysYmd(ymd, 7 * n)).every((visit) => !closed.has(visit));
    // And whose nine 2 pm visits are free: other tests' weekly bookings plan theirs with them (issue 28).
    const twoPm = (iso: string) =>
      /^2:00\s?pm$/i.test(new Date(iso).toLocaleTimeString("en-AU", { timeZone: "Australia/Melbourne", hour: "numeric", minute: "2-digit" }));
    const allFree = async (first: string) => {
      const response = await fetch(`${baseUrl}/api/availability?from=${first}&to=${addDaysYmd(first, 56)}`);
      const { days } = (await response.json()) as { days: { date: string; slots: { startTimeISO: string; available: boolean }[] }[] };
      return Array.from({ length: 9 }, (_, n) => addDaysYmd(first, 7 * n))
        .every((ymd) => days.find((d) => d.date === ymd)?.slots.some((slot) => slot.available && twoPm(slot.startTimeISO)));
    };
    let day = "";
    for (const candidate of (await openDays(40, nineWeeksOpen)).slice(6)) {
      if (await allFree(candidate)) {
        day = candidate;
        break;
      }
    }
    expect(day, "a weekday with nine free 2 pm visits").not.toBe("");
    await pickDay(page, day);
    await page.getByRole("button", { name: "2:00 pm", exact: true }).click();
    await page.getByRole("radio", { name: /Weekly/ }).check();
    await page.getByRole("radio", { name: "Someone will be home" }).check();
    await page.getByRole("button", { name: "Book Now" }).click();
    await page.getByRole("region", { name: "Booking created. We’ve emailed your confirmation." }).waitFor();
    expect(errors).toEqual([]);

    // The confirmation says it is a regular clean and names the next visits.
    const [confirmation] = await mailsTo(email, "regular clean", 1);
    expect(confirmation, "the confirmation mentions the regular clean").toBeTruthy();

    // The first visit and the next eight (the default horizon), weekly, at 2 pm Melbourne time.
    const series = await plannedSeries(email, 9);
    expect(series.anchorDate).toBe(day);
    expect(series.horizonWeeks).toBe(8);
    const dates = series.visits.map((v) => v.seriesDate);
    expect(dates).toEqual(Array.from({ length: 9 }, (_, n) => addDaysYmd(day, 7 * n)));
    for (const visit of series.visits) {
      expect(new Date(visit.startTime).toLocaleTimeString("en-AU", { timeZone: "Australia/Melbourne", hour: "numeric", minute: "2-digit" }))
        .toMatch(/^2:00\s?pm$/i);
      expect(["PENDING", "CONFIRMED"]).toContain(visit.status);
    }

    // The office opens it from Regular cleans, skips the third visit and ends the clean from the sixth.
    await logIn(page);
    await page.getByRole("link", { name: "Regular cleans" }).click();
    await page.getByRole("searchbox").or(page.getByLabel(/Search/)).first().fill(email);
    await page.getByRole("link", { name: /Rita Regular/ }).first().click();
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.screenshot({ path: join(SHOTS, "series-1280.png"), fullPage: true });

    const third = series.visits[2];
    await page.getByRole("button", { name: new RegExp(`^Skip the visit of`) }).nth(2).click();
    const skipDialog = page.getByRole("dialog", { name: "Skip this visit?" });
    await skipDialog.getByRole("button", { name: "Skip visit" }).click();
    await page.getByText(/was skipped/).first().waitFor();

    const endFrom = series.visits[5].seriesDate!;
    await page.getByRole("button", { name: "End regular clean…" }).click();
    const endDialog = page.getByRole("dialog", { name: "End this regular clean?" });
    await endDialog.getByLabel("From").fill(endFrom);
    await endDialog.getByLabel(/Reason/).fill("Moving interstate");
    await endDialog.getByRole("button", { name: "End regular clean" }).click();
    await page.getByText(/The regular clean ends from/).first().waitFor();
    await page.screenshot({ path: join(SHOTS, "series-ended-1280.png"), fullPage: true });
    expect(errors).toEqual([]);

    const after = await staffGet<SeriesDetail>(`/api/admin/series/${series._id}`);
    expect(after.status).toBe("ENDED");
    const byId = new Map(after.visits.map((v) => [v._id, v]));
    expect(byId.get(third._id)?.status).toBe("CANCELLED");
    for (const visit of series.visits) {
      const now = byId.get(visit._id)!;
      if (visit.seriesDate! >= endFrom) expect(now.status, visit.seriesDate!).toBe("CANCELLED");
      else if (visit._id !== third._id) expect(now.status, visit.seriesDate!).not.toBe("CANCELLED");
    }
    // Nothing is planned past the end, however often the job runs.
    expect(after.visits.every((v) => v.seriesDate === null || v.seriesDate < endFrom || v.status === "CANCELLED")).toBe(true);

    // One e-mail for the skipped visit and one for the end: not one per cancelled visit.
    expect(await mailsTo(email, "Visit skipped", 1)).toHaveLength(1);
    const ended = await mailsTo(email, "Regular clean ended", 1);
    expect(ended).toHaveLength(1);
    expect(ended[0].replace(/=\r?\n/g, "")).toMatch(/Moving interstate/);
    expect(melbourneYmd(new Date(after.visits[0].startTime))).toBe(day);
    await context.close();
  });
});
