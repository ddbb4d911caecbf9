/**
 * Issue 32 in Chromium on the built site: the office marks yesterday's job done, the customer opens
 * the feedback link of the e-mail on a phone and rates it 2 with a comment, the office is e-mailed
 * at once, and the rating shows on the booking and in the reports of the job's day (screen and API).
 */
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_BUSINESS_PROFILE } from "../../core/settings/demo-business-profile.ts";
import { melbourneYmd } from "../../core/shared/melbourne-time.ts";
import { axeViolations } from "./axe.ts";
import { launchBrowser, watchErrors } from "./browser.ts";
import { logIn, mailsTo, staffToken } from "./steps.ts";

const baseUrl = inject("baseUrl");
const SHOTS = process.env.BOOKING_SHOTS_DIR ?? "/tmp/booking-shots";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function staffCall(method: string, path: string, body?: unknown) {
  const response = await fetch(baseUrl + path, {
    method,
    headers: { authorization: `Bearer ${await staffToken()}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

interface Job { _id: string; reference: string; email: string; firstName: string; lastName: string; startTime: string }
interface Summary { ratings: number; averageRating: number | null; jobs: number; bookedRevenue: number; byCleaner: { name: string; jobs: number }[] }

describe("feedback after a job, and the reports that show it", () => {
  it("a job marked done asks for feedback; a rating of 2 alerts the office and shows on the booking and in the reports", async () => {
    // The demo's history: the last two days' jobs are still CONFIRMED, waiting to be marked done.
    const now = new Date();
    const from = new Date(now.getTime() - 7 * 86_400_000).toISOString();
    const past = await staffCall("GET", `/api/admin/bookings?type=BOOKING&status=CONFIRMED&startFrom=${from}&startTo=${now.toISOString()}`);
    expect(past.status).toBe(200);
    const job = (past.body.items as Job[])[0];
    expect(job, "a past job not yet marked done").toBeTruthy();
    const day = melbourneYmd(new Date(job.startTime));
    const before = (await staffCall("GET", `/api/admin/reports/summary?from=${day}&to=${day}`)).body as Summary;

    // The office marks it done on its page.
    const office = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const staff = await office.newPage();
    const staffErrors = watchErrors(staff);
    staff.on("dialog", (dialog) => void dialog.accept());
    await logIn(staff);
    await staff.goto(`${baseUrl}/admin/bookings/${job._id}`, { waitUntil: "networkidle" });
    await staff.getByRole("button", { name: "Mark done" }).first().click();
    await staff.getByText("DONE").first().waitFor();

    // The customer's e-mail carries the feedback link; on a phone they rate the clean 2.
    const [asked] = await mailsTo(job.email, "/feedback/", 1);
    expect(asked, "the feedback request e-mail").toBeTruthy();
    const link = /https?:\/\/[^\s"<>]+\/feedback\/[A-Za-z0-9_-]+/.exec(asked.replace(/=\r?\n/g, ""))?.[0];
    expect(link, "a feedback link in the e-mail").toBeTruthy();
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const customer = await phone.newPage();
    const customerErrors = watchErrors(customer);
    await customer.goto(link!, { waitUntil: "networkidle" });
    await customer.getByRole("heading", { name: "How did we go?" }).waitFor();
    expect(await axeViolations(customer)).toEqual([]);
    await customer.screenshot({ path: join(SHOTS, "feedback-390-form.png"), fullPage: true });
    await customer.getByRole("radio", { name: /^2/ }).check();
    await customer.getByLabel(/comment/i).fill("The kitchen benches were left sticky.");
    await customer.getByRole("button", { name: "Send" }).click();
    await customer.getByText(/We.re sorry it wasn.t perfect/).waitFor();
    expect(await customer.getByRole("link", { name: /review/i }).count()).toBe(0);
    expect(await axeViolations(customer)).toEqual([]);
    await customer.screenshot({ path: join(SHOTS, "feedback-390-sorry.png"), fullPage: true });

    // The office is told at once, with the rating, the reference and the comment.
    const alerts = await mailsTo(DEMO_BUSINESS_PROFILE.notificationEmail, `Rating 2/5`, 1);
    const alert = alerts.find((mail) => mail.replace(/=\r?\n/g, "").includes(job.reference));
    expect(alert, "the office's low-rating e-mail").toBeTruthy();
    expect(alert!.replace(/=\r?\n/g, "")).toContain("The kitchen benches were left sticky.");

    // The rating shows on the booking's page...
    await staff.goto(`${baseUrl}/admin/bookings/${job._id}`, { waitUntil: "networkidle" });
    await staff.getByText("2 out of 5").first().waitFor();
    await staff.getByText("The kitchen benches were left sticky.").first().waitFor();
    // ...and in the reports of that day: one more rating, the job counted once.
    const after = (await staffCall("GET", `/api/admin/reports/summary?from=${day}&to=${day}`)).body as Summary;
    expect(after.ratings).toBe(before.ratings + 1);
    expect(after.jobs).toBe(before.jobs);
    expect(after.bookedRevenue).toBe(before.bookedRevenue);
    await staff.goto(`${baseUrl}/admin/reports?preset=custom&from=${day}&to=${day}`, { waitUntil: "networkidle" });
    await staff.getByRole("heading", { name: "Reports", level: 1 }).waitFor();
    await staff.getByText(after.averageRating!.toFixed(1)).first().waitFor();
    expect(await axeViolations(staff)).toEqual([]);
    await staff.screenshot({ path: join(SHOTS, "reports-1280-day.png"), fullPage: true });

    // Last month's report on a phone: the figures, and no sideways scroll.
    await staff.setViewportSize({ width: 390, height: 844 });
    await staff.goto(`${baseUrl}/admin/reports?preset=last-month`, { waitUntil: "networkidle" });
    await staff.getByRole("heading", { name: "Reports", level: 1 }).waitFor();
    expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(staff)).toEqual([]);
    await staff.screenshot({ path: join(SHOTS, "reports-390-last-month.png"), fullPage: true });

    expect(staffErrors).toEqual([]);
    expect(customerErrors).toEqual([]);
    await office.close();
    await phone.close();
  }, 180_000);
});
