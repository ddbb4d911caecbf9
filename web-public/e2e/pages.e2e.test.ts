import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { axeViolations } from "./axe.ts";
import { launchBrowser, watchErrors } from "./browser.ts";

const baseUrl = inject("baseUrl");
const dataDir = inject("dataDir");

/** Every public route with the heading it must show; the last two check Not found and case-insensitivity. */
const ROUTES: [path: string, heading: RegExp][] = [
  ["/", /Cleaning you can count on/],
  ["/about-us", /^About Us$/],
  ["/services", /Cleaning services for every space/],
  ["/services/commercial", /^Commercial Cleaning$/],
  ["/services/domestic", /^Domestic Cleaning$/],
  ["/faq", /^Frequently Asked Questions$/],
  ["/contact-us", /^Contact Us$/],
  ["/book-now", /YOUR CLEAN YOUR WAY|Book a Cleaning/i],
  ["/privacy", /^Privacy Policy$/],
  ["/terms", /^Terms/],
  ["/no-such-page", /^Not found$/],
  ["/FAQ", /^Frequently Asked Questions$/],
];

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A page whose CSP still lets the test inject axe-core. */
async function openPage(width: number, height: number) {
  const context = await browser.newContext({ viewport: { width, height }, bypassCSP: true });
  return await context.newPage();
}

/** Scrolls through the page so every reveal has faded in before anything is measured. */
async function revealAll(page: Page) {
  await page.evaluate(async () => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 60));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await pause();
    }
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(900);
}

describe("public pages at 360 px", () => {
  for (const [path, heading] of ROUTES) {
    it(`${path} shows its heading, fits the width and passes axe`, async () => {
      const page = await openPage(360, 740);
      const errors = watchErrors(page);
      await page.goto(baseUrl + path, { waitUntil: "networkidle" });
      const h1 = page.getByRole("heading", { level: 1 });
      await h1.first().waitFor({ state: "visible" });
      expect(await h1.first().textContent()).toMatch(heading);

      await revealAll(page);
      const overflow = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(overflow.scrollWidth, `horizontal scroll on ${path}`).toBeLessThanOrEqual(overflow.clientWidth);

      expect(await axeViolations(page), `axe on ${path}`).toEqual([]);
      // The unknown path answers 404 by design; the browser logs that as a failed resource.
      const unexpected = errors.filter((error) => !(path === "/no-such-page" && /404/.test(error)));
      expect(unexpected, `console errors on ${path}`).toEqual([]);
      await page.context().close();
    });
  }
});

describe("public pages at 1280 px", () => {
  it("the home page passes axe with the navigation bar solid after scrolling", async () => {
    const page = await openPage(1280, 900);
    const errors = watchErrors(page);
    await page.goto(baseUrl + "/", { waitUntil: "networkidle" });
    await expect(page.locator("header.nav").getAttribute("class")).resolves.not.toContain("nav--solid");
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.waitForFunction(() => document.querySelector("header.nav")?.classList.contains("nav--solid"));
    await expect(page.getByText(/from A\$\d+\.\d{2}\/hour/).first().isVisible()).resolves.toBe(true);
    await revealAll(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe("the commercial inquiry form", () => {
  it("sends an inquiry that reaches the API and the business's mailbox", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    const marker = `Inquiry${Date.now()}`;
    await page.goto(baseUrl + "/services/commercial", { waitUntil: "networkidle" });
    const send = page.getByRole("button", { name: "Send Inquiry" });
    await expect(send.isDisabled()).resolves.toBe(true);

    await page.getByLabel("Inquiry type").selectOption("RETAIL_SHOWROOM");
    await page.getByLabel("First name").fill("Grace");
    await page.getByLabel("Last name").fill(marker);
    await page.getByLabel("Email").fill("grace@example.com");
    await page.getByLabel("Phone").fill("0412 345 678");
    await page.getByLabel("Suburb").fill("Richmond");
    await page.getByLabel("Message").fill("Nightly clean of a 200 m2 showroom.");
    await expect(send.isEnabled()).resolves.toBe(true);
    await send.click();

    await page.getByText("Thanks! Your inquiry has been sent. We’ll contact you shortly.").waitFor();
    await expect(page.getByLabel("Last name").inputValue()).resolves.toBe("");
    await expect(page.getByLabel("Inquiry type").inputValue()).resolves.toBe("RETAIL_SHOWROOM");

    // The notification is written as an .eml under the data dir's mail/ by the outbox relay.
    const mailDir = join(dataDir, "mail");
    const deadline = Date.now() + 30_000;
    let found = false;
    while (!found && Date.now() < deadline) {
      const files = await readdir(mailDir).catch(() => [] as string[]);
      for (const file of files.filter((name) => name.endsWith(".eml"))) {
        if ((await readFile(join(mailDir, file), "utf8")).includes(marker)) found = true;
      }
      if (!found) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(found, `an .eml mentioning ${marker} under ${mailDir}`).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
