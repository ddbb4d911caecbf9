/**
 * Closing a day that has jobs on it (issue 28), in Chromium on the built site: the office closes
 * the day on Settings, is told which jobs lost their place, finds them under Needs attention and
 * on the day's schedule, moves one to another day, and has the e-mail listing them.
 */
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDaysYmd, formatYmdLong, melbourneInstant } from "../../core/shared/melbourne-time.ts";
import { type BookedRecord, bookThroughApi, freeStarts } from "./api-bookings.ts";
import { launchBrowser, watchErrors } from "./browser.ts";
import { closedDates, logIn, mailsTo, openDays, staffToken } from "./steps.ts";

const baseUrl = inject("baseUrl");
const SHOTS = process.env.BOOKING_SHOTS_DIR ?? "/tmp/booking-shots";
const TAG = `Closing${Date.now().toString(36)}`;
const OFFICE = "bookings@yarrashine.com.au";
/** The two jobs' starts on the day closed, far enough apart for the slot buffer; and the length of each. */
const FIRST_HOUR = 9;
const SECOND_HOUR = 13;
const HOURS = 2;

let browser: Browser;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await staffToken();
});
afterAll(async () => {
  await browser?.close();
});

async function staffGet<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok, path).toBe(true);
  return (await response.json()) as T;
}

const at = (day: string, hour: number) => melbourneInstant(day, hour).toISOString();

/**
 * The day to close: a month or so ahead (past the days other files book), with no job on it at
 * all (so closing it sets aside ours alone) and both our starts free; and the day to move one job
 * to: a later open day whose first start is free.
 */
async function daysToUse(): Promise<{ closing: string; moveTo: string }> {
  const candidates = (await openDays(90)).slice(25);
  const free = await freeStarts(candidates[0], addDaysYmd(candidates[0], 61), HOURS);
  for (const [index, day] of candidates.entries()) {
    if (!free.get(day)?.has(at(day, FIRST_HOUR)) || !free.get(day)?.has(at(day, SECOND_HOUR))) continue;
    const { jobs } = await staffGet<{ jobs: unknown[] }>(`/api/admin/schedule?from=${day}&to=${day}`);
    if (jobs.length > 0) continue;
    const moveTo = candidates.slice(index + 1).find((later) => free.get(later)?.has(at(later, FIRST_HOUR)));
    if (moveTo) return { closing: day, moveTo };
  }
  throw new Error("no quiet open day with a free day after it");
}

describe("the office closes a day that has jobs on it", () => {
  it("is told the jobs, finds them under Needs attention and on the schedule, moves one, and is e-mailed the list", async () => {
    const { closing, moveTo } = await daysToUse();
    const clara: BookedRecord = await bookThroughApi({
      day: closing, hour: FIRST_HOUR, hours: HOURS, firstName: "Clara", lastName: TAG, email: `clara.${TAG.toLowerCase()}@example.com`,
    });
    const dora: BookedRecord = await bookThroughApi({
      day: closing, hour: SECOND_HOUR, hours: HOURS, firstName: "Dora", lastName: TAG, email: `dora.${TAG.toLowerCase()}@example.com`,
    });

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await logIn(page);

    // Settings: close the day with a label.
    await page.goto(`${baseUrl}/admin/settings`, { waitUntil: "networkidle" });
    const form = page.getByRole("form", { name: "Add a closed date" });
    await form.getByLabel("Date", { exact: true }).fill(closing);
    await form.getByLabel(/^Label/).fill(`Team day off ${TAG}`);
    await form.getByRole("button", { name: "Add closed date" }).click();

    // The answer names both jobs, each a link to its booking.
    const dayShown = formatYmdLong(closing).replace(/ \d{4}$/, "");
    const affected = page.getByRole("region", { name: `Closed ${dayShown}. 2 jobs on that day need a new time:`, exact: true });
    await affected.waitFor();
    for (const job of [clara, dora]) {
      await affected.getByRole("link", { name: new RegExp(`^${job.reference} · `) }).waitFor();
    }
    await page.screenshot({ path: join(SHOTS, "closed-day-affected-1280.png"), fullPage: true });
    expect((await closedDates()).has(closing)).toBe(true);
    for (const job of [clara, dora]) {
      expect((await staffGet<BookedRecord>(`/api/admin/bookings/${job._id}`)).status, job.reference).toBe("NEEDS_ATTENTION");
    }

    // Needs attention lists both, each with what to do.
    await affected.getByRole("link", { name: "Open Needs attention" }).click();
    await page.waitForURL(/\/admin\/bookings\?.*status=NEEDS_ATTENTION/);
    const needsAttention = async () => {
      // Other files' visits may wait there too: narrow the list to ours.
      await page.getByRole("searchbox").fill(TAG);
      for (const name of ["Clara", "Dora"]) {
        const card = page.getByRole("article", { name: `${name} ${TAG}`, exact: true });
        await card.getByText(/This job holds no place/).waitFor();
      }
    };
    await needsAttention();

    // The day's schedule shows the day closed, and both jobs on it as needing attention.
    await page.goto(`${baseUrl}/admin/schedule?date=${closing}`, { waitUntil: "networkidle" });
    await page.getByText(`Closed: Team day off ${TAG}`).waitFor();
    for (const job of [clara, dora]) {
      const card = page.locator(`[data-job-id="${job._id}"]`);
      await card.waitFor();
      expect((await card.locator(".job-card__status").textContent())?.trim(), job.reference).toBe("Needs attention");
    }
    await page.screenshot({ path: join(SHOTS, "closed-day-schedule-1280.png"), fullPage: true });

    // From Needs attention, Clara's job moves to another open day with Edit booking.
    await page.goto(`${baseUrl}/admin/bookings?status=NEEDS_ATTENTION`, { waitUntil: "networkidle" });
    await needsAttention();
    await page.getByRole("article", { name: `Clara ${TAG}`, exact: true }).getByRole("link", { name: "Edit booking" }).click();
    await page.waitForURL(/\/admin\/bookings\/[0-9a-f-]{36}\/edit$/);
    await page.getByLabel("Date", { exact: true }).fill(moveTo);
    await page.getByLabel("Start time").fill(`${String(FIRST_HOUR).padStart(2, "0")}:00`);
    await page.getByRole("button", { name: "Review changes" }).click();
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.waitForURL(/\/admin\/bookings\/[0-9a-f-]{36}$/);

    // Moved into a free place, it holds one again and no longer needs attention; Dora's still waits.
    const moved = await staffGet<BookedRecord>(`/api/admin/bookings/${clara._id}`);
    expect(moved.startTime).toBe(at(moveTo, FIRST_HOUR));
    expect(["PENDING", "CONFIRMED"], `status of ${clara.reference} after the move`).toContain(moved.status);
    expect((await staffGet<BookedRecord>(`/api/admin/bookings/${dora._id}`)).status).toBe("NEEDS_ATTENTION");
    expect(errors).toEqual([]);

    // The office was e-mailed the list once: both jobs, and where to find them.
    const closingMails = (await mailsTo(OFFICE, clara.reference, 2)).filter((eml) => eml.includes(dora.reference));
    expect(closingMails).toHaveLength(1);
    const mail = closingMails[0].replace(/=\r?\n/g, "");
    expect(mail).toMatch(/now closed/);
    expect(mail).toMatch(/\/admin\/bookings\?status=(3D)?NEEDS_ATTENTION/);
    await context.close();
  });
});
