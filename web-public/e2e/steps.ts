/**
 * Steps several end-to-end files take the same way: filling the booking form as a customer,
 * choosing a day in its calendar, reading the mailbox the embedded server writes, and a staff
 * session for API calls.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { inject } from "vitest";
import { bookableDates } from "../../core/booking/capacity/scheduling.ts";
import { SCHEDULING_DEFAULTS } from "../../core/settings/types.ts";

export const SUPERADMIN = { email: "admin@yarrashine.com.au", password: "ShineDemo-2024!" };

export async function fillCustomer(page: Page, email: string, name = { first: "Ada", last: "Lovelace" }) {
  await page.getByLabel(/^First name/).fill(name.first);
  await page.getByLabel(/^Last name/).fill(name.last);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Phone/).fill("0412 345 678");
  await page.getByLabel(/^Street address/).fill("12 Smith St");
  await page.getByLabel(/^Suburb/).fill("Fitzroy");
  await page.getByLabel(/^Postcode/).fill("3065");
}

/** Opens the calendar's month of `ymd` (the Next Month button) and chooses that day. */
export async function pickDay(page: Page, ymd: string) {
  // The calendar's code runs as its section nears the screen, as a customer scrolls to it.
  await page.locator(".booking-schedule__calendar").scrollIntoViewIfNeeded();
  await page.locator("[role=grid]").first().waitFor();
  const cell = page.locator(`[role=gridcell][data-day="${ymd}"] button`);
  for (let i = 0; i < 24 && !(await cell.count()); i++) await page.getByRole("button", { name: /Next Month/i }).click();
  await cell.click();
  await page.getByRole("group", { name: /^Free start times on/ }).waitFor();
}

/** Polls the mailbox until `count` e-mails to `address` mention `marker` (soft line breaks undone). */
export async function mailsTo(address: string, marker: string, count: number, timeoutMs = 15_000): Promise<string[]> {
  const folder = join(inject("dataDir"), "mail");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found: string[] = [];
    for (const name of (await readdir(folder).catch(() => [] as string[])).filter((n) => n.endsWith(".eml"))) {
      const text = await readFile(join(folder, name), "utf8");
      if (new RegExp(`^To: .*${address.replace(/[.+]/g, "\\$&")}`, "mi").test(text) && text.replace(/=\r?\n/g, "").includes(marker)) found.push(text);
    }
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** A staff session's bearer token, as an integrator gets it. */
export async function staffToken(): Promise<string> {
  const login = await fetch(`${inject("baseUrl")}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(SUPERADMIN),
  });
  return (await login.json() as { token: string }).token;
}

/** Logs in on the staff login page and waits for the first screen. */
export async function logIn(page: Page) {
  await page.goto(`${inject("baseUrl")}/admin/login`, { waitUntil: "networkidle" });
  await page.getByLabel("Email").fill(SUPERADMIN.email);
  await page.getByLabel("Password").fill(SUPERADMIN.password);
  await page.getByRole("button", { name: "Log in" }).click();
  // Issue 34: the staff area opens on the Schedule.
  await page.waitForURL(/\/admin\/schedule$/);
}

/** Issue 28: the dates the demo is closed on (it opens closed on the national public holidays), as staff list them. */
export async function closedDates(): Promise<Set<string>> {
  const response = await fetch(`${inject("baseUrl")}/api/admin/closed-dates`, {
    headers: { authorization: `Bearer ${await staffToken()}` },
  });
  return new Set(((await response.json()) as { items: { date: string }[] }).items.map((closed) => closed.date));
}

/**
 * The first `count` days a customer can book from now (the lead time, the closed weekdays) that are
 * no closed date either, and that `keep` accepts.
 */
export async function openDays(count: number, keep: (ymd: string, closed: ReadonlySet<string>) => boolean = () => true): Promise<string[]> {
  const closed = await closedDates();
  // A year of bookable days is more than any run of holidays and refusals can use up.
  return bookableDates(new Date(), SCHEDULING_DEFAULTS, 320)
    .filter((ymd) => !closed.has(ymd) && keep(ymd, closed))
    .slice(0, count);
}
