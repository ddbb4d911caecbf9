import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { melbourneInstant } from "../../core/shared/melbourne-time.ts";
import { axeViolations } from "./axe.ts";
import { launchBrowser, watchErrors } from "./browser.ts";
import { fillCustomer, mailsTo, openDays, pickDay, staffToken } from "./steps.ts";

const baseUrl = inject("baseUrl");
const dataDir = inject("dataDir");
/** Where the screenshots go for a person to look at; outside the repository. */
const SHOTS = process.env.BOOKING_SHOTS_DIR ?? "/tmp/booking-shots";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openBooking(width: number, height: number) {
  const context = await browser.newContext({ viewport: { width, height }, bypassCSP: true });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(baseUrl + "/book-now", { waitUntil: "networkidle" });
  await page.getByRole("radio", { name: /Hourly Cleaning/ }).waitFor();
  return { page, errors };
}

/** The start times offered for the chosen day, as their buttons say them ('10:00 am'). */
async function offeredTimes(page: Page): Promise<string[]> {
  const group = page.getByRole("group", { name: /^Free start times on/ });
  return (await group.getByRole("button").allTextContents()).map((text) => text.trim());
}

/** A closed date set by staff through the API, as an integrator would. */
async function closeDate(ymd: string, label: string) {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@yarrashine.com.au", password: "ShineDemo-2024!" }),
  });
  const { token } = await login.json() as { token: string };
  const closed = await fetch(`${baseUrl}/api/admin/closed-dates`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ date: ymd, label }),
  });
  expect([201, 409]).toContain(closed.status);
}

/** Polls the mailbox for an .eml addressed to `email` (the relay sends in the background). */
async function waitForMail(email: string, timeoutMs = 15_000): Promise<string> {
  const folder = join(dataDir, "mail");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = await readdir(folder).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith(".eml"))) {
      const text = await readFile(join(folder, name), "utf8");
      if (new RegExp(`^To: .*${email.replace(/[.+]/g, "\\$&")}`, "mi").test(text)) return text;
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${email} in ${folder}: ${names.join(", ")}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** The manage-my-booking link of a customer e-mail, its quoted-printable soft breaks undone. */
function manageLinkIn(eml: string): string {
  const unfolded = eml.replace(/=\r?\n/g, "");
  const link = /https?:\/\/[^\s"<>]+\/manage\/[A-Za-z0-9_-]{43}/.exec(unfolded);
  if (!link) throw new Error(`no manage link in:\n${eml.slice(0, 2000)}`);
  return link[0];
}

/** The Subject header, unfolded and its RFC 2047 encoded words decoded, as a mail client shows it. */
function subjectOf(eml: string): string {
  const raw = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(eml)?.[1].replace(/\r?\n[ \t]/g, " ") ?? "";
  return raw
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8"));
}

describe("the booking page", () => {
  it("books an hourly clean with two add-ons, weekly, at a free slot, and e-mails the customer", async () => {
    const { page, errors } = await openBooking(1280, 900);
    const email = `ada.booking.${Date.now()}@example.com`;
    await fillCustomer(page, email);
    await page.getByRole("radio", { name: /Hourly Cleaning/ }).check();
    await page.getByLabel(/^Hours/).selectOption("3");
    await page.getByRole("checkbox", { name: /Inside oven/ }).check();
    await page.getByRole("checkbox", { name: /Interior windows/ }).check();
    await page.getByLabel(/Quantity of Interior windows/).fill("2");

    const date = (await openDays(3))[2];
    await pickDay(page, date);
    await page.getByRole("button", { name: "10:00 am", exact: true }).click();
    await page.getByRole("button", { name: "Check availability" }).click();
    await page.getByText("This time is available.").waitFor();

    await page.getByRole("radio", { name: /Weekly/ }).check();
    await page.getByRole("radio", { name: "Someone will be home" }).check();
    // 3 h × A$55 + oven A$65 + 2 windows × A$15 = A$260; weekly 15% off = A$221.
    const priceBox = page.getByRole("region", { name: "Your price" });
    await expect(priceBox.getByText("A$260.00").isVisible()).resolves.toBe(true);
    await expect(priceBox.getByText("A$221.00").isVisible()).resolves.toBe(true);
    await page.screenshot({ path: join(SHOTS, "booking-1280-filled.png"), fullPage: true });

    await page.getByRole("button", { name: "Book Now" }).click();
    const card = page.getByRole("region", { name: "Booking created. We’ve emailed your confirmation." });
    await card.waitFor();
    await expect(card.getByText("A$260.00").isVisible()).resolves.toBe(true);
    await expect(card.getByText("A$221.00").isVisible()).resolves.toBe(true);
    await expect(card.getByText(/^Pending/).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: join(SHOTS, "booking-1280-result.png"), fullPage: false });

    const mail = await waitForMail(email);
    expect(mail).toMatch(/Hourly Cleaning/);
    expect(errors).toEqual([]);

    // The slot is now taken: the calendar no longer offers it.
    const again = await openBooking(1280, 900);
    await again.page.getByRole("radio", { name: /Hourly Cleaning/ }).check();
    await pickDay(again.page, date);
    expect(await offeredTimes(again.page)).not.toContain("10:00 am");
    expect(again.errors).toEqual([]);
    await again.page.context().close();
    await page.context().close();
  });

  it("requests a quote through the form at 360 px, without horizontal scroll", async () => {
    const { page, errors } = await openBooking(360, 740);
    await page.screenshot({ path: join(SHOTS, "booking-360-top.png"), fullPage: false });
    // Submitting the empty form shows the banner and lands on the first section with an error.
    await page.getByRole("button", { name: "Get Quote" }).click();
    await page.getByText("Please fix the highlighted fields, then try again.").first().waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute("name") === "firstName");

    const email = `ada.quote.${Date.now()}@example.com`;
    await fillCustomer(page, email);
    await page.getByRole("radio", { name: /Regular Clean/ }).check();
    await page.getByLabel(/^Bedrooms/).selectOption("2");
    await page.getByRole("checkbox", { name: /Balcony|Inside oven|Inside fridge/ }).first().check();
    const date = (await openDays(5))[4];
    await pickDay(page, date);
    await page.getByRole("button", { name: "2:00 pm", exact: true }).click();
    await page.getByRole("radio", { name: "Lockbox" }).check();
    await page.getByRole("checkbox", { name: "Cat" }).check();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, "booking-360-filled.png"), fullPage: true });

    await page.getByRole("button", { name: "Get Quote" }).click();
    const card = page.getByRole("region", { name: "Quote submitted. Please check your email for details." });
    await card.waitFor();
    await expect(card.getByText("Quote requested").isVisible()).resolves.toBe(true);
    await page.screenshot({ path: join(SHOTS, "booking-360-result.png"), fullPage: false });
    await waitForMail(email);

    await card.getByRole("button", { name: "Done" }).click();
    await page.waitForURL(baseUrl + "/");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("on a 390 px phone: a closed date cannot be chosen, a taken time is not offered, and a booking goes through the calendar", async () => {
    const [day, closed] = (await openDays(9)).slice(7);
    await closeDate(closed, "Team day off");
    const { page, errors } = await openBooking(390, 844);
    const email = `ada.phone.${Date.now()}@example.com`;
    await fillCustomer(page, email);
    await page.getByRole("radio", { name: /Hourly Cleaning/ }).check();
    await page.getByLabel(/^Hours/).selectOption("3");
    await pickDay(page, day);
    const closedDay = page.locator(`[role=gridcell][data-day="${closed}"] button`);
    // The two dates may fall in different months.
    if (!(await closedDay.count())) await page.getByRole("button", { name: /Next Month/i }).click();
    await expect(closedDay.isDisabled()).resolves.toBe(true);
    expect(await closedDay.getAttribute("aria-label")).toMatch(/closed \(Team day off\)/);
    if (!(await page.locator(`[role=gridcell][data-day="${day}"] button`).count())) {
      await page.getByRole("button", { name: /Previous Month/i }).click();
    }
    // A 3-hour visit must end by 18:00: 16:00 is not offered (once the calendar has the new length).
    await expect.poll(() => offeredTimes(page), { timeout: 10_000 }).not.toContain("4:00 pm");
    const times = await offeredTimes(page);
    expect(times[0]).toBe("8:00 am");
    expect(times).toContain("3:00 pm");
    expect(times).not.toContain("4:00 pm");
    await page.getByRole("button", { name: "10:00 am", exact: true }).click();
    await page.getByRole("radio", { name: "Someone will be home" }).check();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, "booking-390-calendar.png"), fullPage: true });
    await page.getByRole("button", { name: "Book Now" }).click();
    await page.getByRole("region", { name: "Booking created. We’ve emailed your confirmation." }).waitFor();
    await page.screenshot({ path: join(SHOTS, "booking-390-result.png"), fullPage: false });
    expect(errors).toEqual([]);
    await page.context().close();

    // The visit runs 10:00-13:00: no start that would overlap it (or start within the 2-hour buffer) is offered.
    const next = await openBooking(390, 844);
    await next.page.getByRole("radio", { name: /Hourly Cleaning/ }).check();
    await next.page.getByLabel(/^Hours/).selectOption("3");
    await pickDay(next.page, day);
    await expect.poll(() => offeredTimes(next.page), { timeout: 10_000 }).not.toContain("4:00 pm");
    const left = await offeredTimes(next.page);
    for (const taken of ["8:00 am", "9:00 am", "10:00 am", "11:00 am", "12:00 pm"]) expect(left).not.toContain(taken);
    expect(left).toContain("1:00 pm");
    expect(next.errors).toEqual([]);
    await next.page.context().close();
  });

  it("the customer moves and then cancels the booking from the link in their e-mail; the office is told of both", async () => {
    const { page, errors } = await openBooking(1280, 900);
    const email = `ada.manage.${Date.now()}@example.com`;
    await fillCustomer(page, email);
    await page.getByRole("radio", { name: /Hourly Cleaning/ }).check();
    await page.getByLabel(/^Hours/).selectOption("3");
    const [bookedDay, movedDay] = (await openDays(12)).slice(10);
    await pickDay(page, bookedDay);
    await page.getByRole("button", { name: "10:00 am", exact: true }).click();
    await page.getByRole("radio", { name: "Someone will be home" }).check();
    await page.getByRole("button", { name: "Book Now" }).click();
    const card = page.getByRole("region", { name: "Booking created. We’ve emailed your confirmation." });
    await card.waitFor();
    const reference = (await card.getByText(/^YS-[2-9A-HJ-NP-Z]{6}$/).textContent())!.trim();
    await page.context().close();

    // The customer opens the link of their confirmation, as a mail client would show it.
    const link = manageLinkIn(await waitForMail(email));
    expect(link.startsWith(baseUrl + "/manage/")).toBe(true);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const manage = await context.newPage();
    const manageErrors = watchErrors(manage);
    await manage.goto(link, { waitUntil: "networkidle" });
    await manage.getByRole("heading", { name: "Your booking", level: 1 }).waitFor();
    await expect(manage.getByText(reference).first().isVisible()).resolves.toBe(true);
    expect(await manage.locator('meta[name="robots"]').getAttribute("content")).toMatch(/noindex/);

    await manage.getByRole("button", { name: "Move booking" }).click();
    await manage.locator(".manage-panel .booking-schedule__calendar").scrollIntoViewIfNeeded();
    await manage.locator("[role=grid]").first().waitFor();
    const cell = manage.locator(`[role=gridcell][data-day="${movedDay}"] button`);
    for (let i = 0; i < 24 && !(await cell.count()); i++) await manage.getByRole("button", { name: /Next Month/i }).click();
    await cell.click();
    await manage.getByRole("button", { name: "11:00 am", exact: true }).click();
    await manage.getByRole("button", { name: "Confirm new time" }).click();
    await manage.getByText(/^Your booking is moved to/).waitFor();
    expect(await axeViolations(manage)).toEqual([]);
    await manage.screenshot({ path: join(SHOTS, "manage-390-moved.png"), fullPage: true });

    await manage.getByRole("button", { name: "Cancel booking" }).click();
    await manage.getByLabel("Reason (optional)").fill("Going away that week");
    await manage.getByRole("button", { name: "Yes, cancel my booking" }).click();
    await manage.getByText("Your booking is cancelled. We’ve e-mailed you a confirmation.").waitFor();
    await manage.screenshot({ path: join(SHOTS, "manage-390-cancelled.png"), fullPage: true });
    expect(manageErrors).toEqual([]);
    await context.close();

    // The office: the booking as staff see it, and an e-mail for each of the customer's changes.
    const token = await staffToken();
    const found = await fetch(`${baseUrl}/api/admin/bookings?type=BOOKING&q=${reference}&startFrom=2000-01-01T00:00:00Z`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { items } = await found.json() as { items: { reference: string; status: string; startTime: string; cancelReason: string }[] };
    expect(items.map((b) => b.reference)).toEqual([reference]);
    expect(items[0].status).toBe("CANCELLED");
    expect(items[0].cancelReason).toBe("Going away that week");
    expect(new Date(items[0].startTime).toISOString()).toBe(melbourneInstant(movedDay, 11).toISOString());
    const officeMail = await mailsTo("bookings@yarrashine.com.au", reference, 3);
    expect(officeMail.map(subjectOf).sort()).toEqual([
      expect.stringMatching(/^Customer cancelled/),
      expect.stringMatching(/^Customer moved/),
      expect.stringMatching(/^New booking request/),
    ]);
    expect(errors).toEqual([]);
  });
});
