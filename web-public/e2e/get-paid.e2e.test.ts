/**
 * Issue 30 in Chromium on the built site: the office prices a customer's quote request on its
 * page (two lines), the customer opens the link of the e-mail on a phone, accepts a free time from
 * the calendar, and the office's book holds a PENDING booking at the quoted price; the customer
 * then downloads their tax invoice from the same page, whose text (read back with pdftotext) names
 * the business, its ABN, the quoted lines, the total and the GST in it.
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { melbourneInstant } from "../../core/shared/melbourne-time.ts";
import { DEMO_BUSINESS_PROFILE } from "../../core/settings/demo-business-profile.ts";
import { freeStarts, hourlyService, manageLinkIn } from "./api-bookings.ts";
import { axeViolations } from "./axe.ts";
import { launchBrowser, watchErrors } from "./browser.ts";
import { logIn, mailsTo, openDays, staffToken } from "./steps.ts";

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

describe("get paid: a priced quote accepted online, then its tax invoice", () => {
  it("the office prices a quote, the customer accepts a time from the e-mailed link, the office sees the booking at that price, the customer downloads the invoice", async () => {
    // The business is registered for GST: its invoices are tax invoices with its ABN.
    const details = await staffCall("GET", "/api/admin/settings/business");
    expect(details.status).toBe(200);
    const saved = await staffCall("PUT", "/api/admin/settings/business", {
      ...details.body, legalName: "Yarra Shine Cleaning Pty Ltd", abn: "51 824 753 556", gstRegistered: true,
      address: "12 Chapel St, Windsor VIC 3181",
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    // A customer asks for a quote on the site (through the API, as the form sends it).
    const email = `quinn.${Date.now()}@example.com`;
    const { serviceId, answers } = await hourlyService();
    const days = await openDays(20);
    const requested = await fetch(`${baseUrl}/api/quotes`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        firstName: "Quinn", lastName: "Quoted", email, phone: "0412 345 678",
        address: { street: "3 Swan St", suburb: "Richmond", state: "VIC", postCode: "3121" },
        serviceId, servicePricingModel: "HOURLY", hours: 3, extras: [],
        startTimeISO: melbourneInstant(days[8], 10).toISOString(), frequencyCode: "ONE_TIME", answers,
        notes: "Two-storey house, end of lease.",
      }),
    });
    expect(requested.status, await requested.clone().text()).toBe(201);
    const quote = (await requested.json()) as { _id: string; reference: string };

    // The office prices it on the quote's page: two lines, a message.
    const office = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const staff = await office.newPage();
    const staffErrors = watchErrors(staff);
    await logIn(staff);
    await staff.goto(`${baseUrl}/admin/bookings/${quote._id}`, { waitUntil: "networkidle" });
    const panel = staff.getByRole("form", { name: "Price this quote" });
    await panel.waitFor();
    await panel.getByLabel("Description, line 1").fill("End of lease clean, two storeys");
    await panel.getByLabel("Quantity, line 1").fill("1");
    await panel.getByLabel("Unit price, line 1").fill("420");
    await panel.getByRole("button", { name: "Add line" }).click();
    await panel.getByLabel("Description, line 2").fill("Carpet steam clean, per room");
    await panel.getByLabel("Quantity, line 2").fill("3");
    await panel.getByLabel("Unit price, line 2").fill("45.50");
    await panel.getByLabel("Message to the customer (optional)").fill("Includes inside windows. Parking on the street is fine.");
    await panel.getByRole("button", { name: "Send quote" }).click();
    await staff.getByText(`Quote sent to ${email}.`).waitFor();
    expect(await axeViolations(staff)).toEqual([]);
    await staff.screenshot({ path: join(SHOTS, "quote-1280-priced.png"), fullPage: true });
    const total = 420 + 3 * 45.5; // A$556.50

    // The customer's e-mail carries the price and the link; on a phone, they accept a free time.
    const [priced] = await mailsTo(email, "556.50", 1);
    expect(priced, "the priced quote's e-mail").toBeTruthy();
    const link = manageLinkIn(priced);
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const customer = await phone.newPage();
    const customerErrors = watchErrors(customer);
    await customer.goto(link, { waitUntil: "networkidle" });
    await customer.getByRole("heading", { name: "Your quote", exact: true }).waitFor();
    await expect(customer.getByText("A$556.50").first().isVisible()).resolves.toBe(true);
    expect(await axeViolations(customer)).toEqual([]);
    await customer.screenshot({ path: join(SHOTS, "quote-390-customer.png"), fullPage: true });

    const day = days[12];
    const free = await freeStarts(day, day, 3);
    const start = melbourneInstant(day, 11).toISOString();
    expect(free.get(day)?.has(start), `11 am on ${day} is free`).toBe(true);
    await customer.getByRole("button", { name: "Accept and choose a time" }).click();
    await customer.locator(".booking-schedule__calendar").first().scrollIntoViewIfNeeded();
    await customer.locator("[role=grid]").first().waitFor();
    const cell = customer.locator(`[role=gridcell][data-day="${day}"] button`);
    for (let i = 0; i < 24 && !(await cell.count()); i++) await customer.getByRole("button", { name: /Next Month/i }).click();
    await cell.click();
    await customer.getByRole("button", { name: "11:00 am", exact: true }).click();
    await customer.getByRole("button", { name: "Accept and book" }).click();
    await customer.getByText(/^Thank you — you accepted the quote/).waitFor();
    await customer.screenshot({ path: join(SHOTS, "quote-390-accepted.png"), fullPage: true });

    // The office's book: a PENDING booking at the quoted total, at the time the customer chose.
    const booked = await staffCall("GET", `/api/admin/bookings/${quote._id}`);
    expect(booked.body).toMatchObject({ type: "BOOKING", status: "PENDING", reference: quote.reference, firstServiceTotal: total });
    expect(new Date(booked.body.startTime).toISOString()).toBe(start);
    await staff.goto(`${baseUrl}/admin/bookings/${quote._id}`, { waitUntil: "networkidle" });
    await staff.getByText("A$556.50").first().waitFor();
    // The office is told of the acceptance, with the reference.
    const told = await mailsTo(DEMO_BUSINESS_PROFILE.notificationEmail, quote.reference, 2);
    expect(told.some((mail) => /accepted/i.test(mail)), "the office's e-mail that the quote was accepted").toBe(true);

    // The customer downloads their tax invoice from the same page.
    await customer.reload({ waitUntil: "networkidle" });
    const invoiceLink = customer.getByRole("link", { name: "Download invoice (PDF)" });
    await invoiceLink.waitFor();
    const href = await invoiceLink.getAttribute("href");
    const pdf = await fetch(new URL(href!, baseUrl));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toMatch(/^application\/pdf/);
    const folder = await mkdtemp(join(tmpdir(), "invoice-"));
    await writeFile(join(folder, "invoice.pdf"), Buffer.from(await pdf.arrayBuffer()));
    const text = execFileSync("pdftotext", ["-layout", join(folder, "invoice.pdf"), "-"], { encoding: "utf8" });
    await writeFile(join(SHOTS, "quote-invoice.txt"), text);
    expect(text).toMatch(/Tax invoice/);
    expect(text).toMatch(/Yarra Shine Cleaning Pty Ltd/);
    expect(text).toMatch(/51 824 753 556/);
    expect(text).toMatch(/INV-\d{6}/);
    expect(text).toMatch(/End of lease clean, two storeys/);
    expect(text).toMatch(/Carpet steam clean, per room/);
    expect(text).toMatch(/A\$556\.50/);
    // GST included: 556.50 / 11 = 50.59 to the cent.
    expect(text).toMatch(/A\$50\.59/);

    expect(staffErrors).toEqual([]);
    expect(customerErrors).toEqual([]);
    await office.close();
    await phone.close();
  }, 180_000);
});
