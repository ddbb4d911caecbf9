/**
 * A customer skips one visit of their regular clean from the manage page (issue 28), in Chromium
 * on the built site: the weekly clean is booked, the link of its confirmation opens the page, the
 * third visit is skipped with its own Skip button, and the rest of the regular clean stays as it was.
 */
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDaysYmd, formatMelbourneDateTime, melbourneInstant } from "../../core/shared/melbourne-time.ts";
import { bookThroughApi, freeStarts, manageLinkIn } from "./api-bookings.ts";
import { launchBrowser, watchErrors } from "./browser.ts";
import { mailsTo, openDays, staffToken } from "./steps.ts";

const baseUrl = inject("baseUrl");
const SHOTS = process.env.BOOKING_SHOTS_DIR ?? "/tmp/booking-shots";
/** 11 am for two hours: the regular clean test takes 2 pm, so the two seldom want the same place. */
const HOUR = 11;
const HOURS = 2;
/** The first visit and the default horizon's eight after it. */
const VISITS = 9;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface ManagedVisit { bookingId: string; reference: string; startTime: string; endTime: string; status: string; canChange: boolean }
interface ManagedBooking { reference: string; status: string; series: { frequencyName: string; visits: ManagedVisit[] } | null }

async function managed(token: string): Promise<ManagedBooking> {
  const response = await fetch(`${baseUrl}/api/manage/${token}`);
  expect(response.ok, await response.clone().text()).toBe(true);
  return (await response.json()) as ManagedBooking;
}

/** A weekday a week or more ahead whose nine weekly visits at 11 am are open and free. */
async function weeklyDay(): Promise<string> {
  const nineWeeksOpen = (ymd: string, closed: ReadonlySet<string>) =>
    Array.from({ length: VISITS }, (_, n) => addDaysYmd(ymd, 7 * n)).every((visit) => !closed.has(visit));
  for (const first of (await openDays(40, nineWeeksOpen)).slice(8)) {
    const free = await freeStarts(first, addDaysYmd(first, 7 * (VISITS - 1)), HOURS);
    const visits = Array.from({ length: VISITS }, (_, n) => addDaysYmd(first, 7 * n));
    if (visits.every((ymd) => free.get(ymd)?.has(melbourneInstant(ymd, HOUR).toISOString()))) return first;
  }
  throw new Error("no weekday whose nine 11 am visits are free");
}

describe("a customer skips a visit of their regular clean", () => {
  it("skips the third visit from the manage page; it leaves the list, and the other visits stay as they were", async () => {
    const day = await weeklyDay();
    const email = `skip.${Date.now()}@example.com`;
    const first = await bookThroughApi({ day, hour: HOUR, hours: HOURS, firstName: "Sam", lastName: "Skipper", email, frequencyCode: "WEEKLY" });
    expect(first.seriesId).toBeTruthy();

    // The link of the confirmation e-mail, and the visits it shows.
    const [confirmation] = await mailsTo(email, "/manage/", 1);
    expect(confirmation, "the confirmation e-mail").toBeTruthy();
    const link = manageLinkIn(confirmation);
    const token = link.slice(link.lastIndexOf("/") + 1);
    const before = (await managed(token)).series!.visits;
    expect(before.map((v) => v.startTime)).toEqual(
      Array.from({ length: VISITS }, (_, n) => melbourneInstant(addDaysYmd(day, 7 * n), HOUR).toISOString()),
    );
    expect(before[0].reference).toBe(first.reference);
    const third = before[2];
    expect(third.canChange).toBe(true);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(link, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Your booking", level: 1 }).waitFor();

    // The other coming visits (all but the link's own), each with its own Skip.
    const list = page.getByRole("region", { name: "Your other coming visits" });
    await list.waitFor();
    const when = formatMelbourneDateTime(new Date(third.startTime));
    const skips = list.getByRole("button", { name: /^Skip the visit on / });
    expect(await skips.count()).toBe(VISITS - 1);
    await list.getByRole("button", { name: `Skip the visit on ${when}`, exact: true }).click();
    await list.getByRole("heading", { name: `Skip your visit on ${when}?` }).waitFor();
    await page.screenshot({ path: join(SHOTS, "manage-skip-visit-1280.png"), fullPage: true });
    await list.getByRole("button", { name: "Yes, skip this visit" }).click();
    await page.getByText(`Your visit on ${when} is skipped; your regular clean carries on. We’ve e-mailed you a confirmation.`).waitFor();

    // The skipped visit has left the list; the others are still there.
    await expect.poll(() => skips.count()).toBe(VISITS - 2);
    expect(await list.getByRole("button", { name: `Skip the visit on ${when}`, exact: true }).count()).toBe(0);
    for (const visit of before.slice(1).filter((v) => v.bookingId !== third.bookingId)) {
      const other = formatMelbourneDateTime(new Date(visit.startTime));
      expect(await list.getByRole("button", { name: `Skip the visit on ${other}`, exact: true }).count(), other).toBe(1);
    }
    await page.screenshot({ path: join(SHOTS, "manage-visit-skipped-1280.png"), fullPage: true });
    expect(errors).toEqual([]);

    // The link no longer lists it (a cancelled visit is no coming visit); the others are unchanged.
    const after = (await managed(token)).series!.visits;
    expect(after.find((v) => v.bookingId === third.bookingId)).toBeUndefined();
    expect(after).toEqual(before.filter((v) => v.bookingId !== third.bookingId));
    // The office sees the visit cancelled.
    const staff = await fetch(`${baseUrl}/api/admin/bookings/${third.bookingId}`, {
      headers: { authorization: `Bearer ${await staffToken()}` },
    });
    expect(((await staff.json()) as { status: string }).status).toBe("CANCELLED");
    await context.close();
  });
});
