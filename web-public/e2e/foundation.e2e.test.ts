import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, watchErrors } from "./browser.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the site served by the API (npm start)", () => {
  it("serves the seeded catalogue as { items }", async () => {
    const body = await (await fetch(`${baseUrl}/api/services`)).json();
    expect(body.items.map((s: { name: string }) => s.name)).toContain("Hourly Cleaning");
  });

  it("shows the host layout on / with the business profile from the API", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(baseUrl + "/", { waitUntil: "networkidle" });
    const nav = page.getByRole("navigation", { name: /main/i });
    for (const link of ["Home", "About Us", "FAQ", "Contact Us"]) {
      await expect(nav.getByRole("link", { name: link, exact: true }).isVisible()).resolves.toBe(true);
    }
    const footer = page.locator("footer");
    await expect(footer.getByText("hello@yarrashine.com.au").first().isVisible()).resolves.toBe(true);
    await expect(footer.getByText(`© ${new Date().getFullYear()}`).isVisible()).resolves.toBe(true);
    // No admin code on public pages.
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType("resource").map((r) => r.name).filter((n) => n.endsWith(".js"))
    );
    expect(scripts.some((s) => s.includes("/admin-app/"))).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("mounts the admin remote at /admin: a logged-out visitor lands on its login", async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(baseUrl + "/admin", { waitUntil: "networkidle" });
    await page.waitForURL(/\/admin\/login$/);
    await expect(page.getByRole("heading", { name: "Log in" }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("button", { name: "Log in" }).isDisabled()).resolves.toBe(true);
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType("resource").map((r) => r.name)
    );
    expect(scripts.some((s) => s.endsWith("/admin-app/assets/remoteEntry.js"))).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows 'Not found' (with a 404 status) for unknown paths, and matches routes in any case", async () => {
    const page = await browser.newPage();
    const response = await page.goto(baseUrl + "/no-such-page", { waitUntil: "networkidle" });
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Not found" }).isVisible()).resolves.toBe(true);
    await page.goto(baseUrl + "/ADMIN/LOGIN", { waitUntil: "networkidle" });
    await expect(page.getByRole("heading", { name: "Log in" }).isVisible()).resolves.toBe(true);
    await page.close();
  });

  it("lets the demo superadmin log in to the staff shell, and out again", async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(baseUrl + "/admin/login", { waitUntil: "networkidle" });
    await page.getByLabel("Email").fill("admin@yarrashine.com.au");
    await page.getByLabel("Password").fill("ShineDemo-2024!");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(/\/admin\/schedule$/);
    await expect(page.getByText("admin@yarrashine.com.au").first().isVisible()).resolves.toBe(true);
    await expect(page.getByRole("link", { name: "Admins" }).isVisible()).resolves.toBe(true);
    // The session is an httpOnly, SameSite=Strict cookie: nothing in page storage holds a token.
    const session = (await page.context().cookies()).find((cookie) => cookie.name === "staff_session")!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api" });
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(session.value);
    const me = await page.request.get(`${baseUrl}/api/admin/me`);
    expect((await me.json()).role).toBe("superadmin");
    await page.getByRole("button", { name: /log ?out/i }).click();
    await page.waitForURL(/\/admin\/login$/);
    // Logout ended the session on the server: the old cookie opens nothing.
    const after = await fetch(`${baseUrl}/api/admin/me`, { headers: { cookie: `staff_session=${session.value}` } });
    expect(after.status).toBe(401);
    expect(errors).toEqual([]);
    await page.close();
  });
});

