/**
 * Issue 31: a cleaner's side of the staff area. A cleaner's login sees one screen, My jobs (today
 * and the next 7 days, phone first), taps On my way / Check in / Check out on a job, and ticks
 * the checklist; every other staff path leads back to My jobs, and the office's shell is unchanged.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SESSION_KEY } from "../../lib/session.ts";
import { inOneHour } from "../../test/jwt.ts";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import type { TeamJob } from "./my-jobs-api.ts";
import { aTeamJob } from "./test-fixtures.ts";

// Thu 26 Nov 2026, 8:00 am in Melbourne (AEDT, UTC+11).
const NOW = new Date("2026-11-25T21:00:00.000Z");
const PHONE = { width: 390, height: 844 };
const here = dirname(fileURLToPath(import.meta.url));
const myJobsCss = readFileSync(join(here, "my-jobs.css"), "utf8");
const shellCss = readFileSync(join(here, "../shell/cleaner-shell.css"), "utf8");

const PRIYA = { _id: "acc1", name: "Priya Sharma", email: "priya@example.com", role: "cleaner" as const, cleanerId: "c1" };

const morning = aTeamJob();
const early = aTeamJob({
  _id: "b3",
  reference: "YS-CCCC33",
  startTime: "2026-11-25T20:00:00.000Z",
  endTime: "2026-11-25T21:30:00.000Z",
  serviceName: "Hourly Cleaning",
  sizeLabel: "1.5 hours",
  customerFirstName: "Mia",
  customerPhone: "0400 111 222",
  access: [],
  extras: [],
  notes: "",
  officeNotes: "",
  customerNotes: "",
  checklist: [],
  otherCleaners: [],
});
const saturday = aTeamJob({
  _id: "b2",
  reference: "YS-BBBB22",
  startTime: "2026-11-28T02:00:00.000Z",
  endTime: "2026-11-28T04:00:00.000Z",
  customerFirstName: "Jack",
  checklist: ["Windows"],
});

/** The times the server gives each tap in these tests (Melbourne): 8:31, 8:52 and 11:40 am. */
const TAP_TIMES = {
  "on-my-way": "2026-11-25T21:31:00.000Z",
  "check-in": "2026-11-25T21:52:00.000Z",
  "check-out": "2026-11-26T00:40:00.000Z",
} as const;

interface Posted {
  path: string;
  body: unknown;
}

/** The team API as a cleaner's login reaches it, and a record of the staff API's calls (none expected). */
function serve(jobs: TeamJob[] = [morning, saturday, early]) {
  let current = jobs.map((job) => ({ ...job }));
  const ranges: string[] = [];
  const posts: Posted[] = [];
  const staffCalls: string[] = [];
  const update = (id: string, change: (job: TeamJob) => TeamJob) => {
    current = current.map((job) => (job._id === id ? change(job) : job));
    return current.find((job) => job._id === id)!;
  };
  const body = async (request: Request) => {
    const text = await request.text();
    return text ? JSON.parse(text) : null;
  };
  server.use(
    http.get("/api/business", () => HttpResponse.json({ brandName: "Yarra Shine Cleaning" })),
    http.get("/api/team/jobs", ({ request }) => {
      const url = new URL(request.url);
      ranges.push(`${url.searchParams.get("from")}..${url.searchParams.get("to")}`);
      return HttpResponse.json({ items: current });
    }),
    http.post("/api/team/jobs/:id/on-my-way", async ({ request, params }) => {
      posts.push({ path: new URL(request.url).pathname, body: await body(request) });
      return HttpResponse.json(update(String(params.id), (job) => ({ ...job, onMyWayAt: TAP_TIMES["on-my-way"] })));
    }),
    http.post("/api/team/jobs/:id/check-in", async ({ request, params }) => {
      posts.push({ path: new URL(request.url).pathname, body: await body(request) });
      return HttpResponse.json(update(String(params.id), (job) => ({ ...job, checkInAt: TAP_TIMES["check-in"] })));
    }),
    http.post("/api/team/jobs/:id/check-out", async ({ request, params }) => {
      const sent = (await body(request)) as { note?: string };
      posts.push({ path: new URL(request.url).pathname, body: sent });
      return HttpResponse.json(update(String(params.id), (job) => ({ ...job, checkOutAt: TAP_TIMES["check-out"], checkOutNote: sent.note ?? "" })));
    }),
    http.all("/api/admin/*", ({ request }) => {
      staffCalls.push(new URL(request.url).pathname);
      return HttpResponse.json({ error: "You don’t have permission.", code: "FORBIDDEN" }, { status: 403 });
    }),
  );
  return { ranges, posts, staffCalls };
}

/** The phone's position, as the browser gives it (or never does). */
function givePosition(answer: ((ok: PositionCallback) => void) | null) {
  Object.defineProperty(navigator, "geolocation", {
    configurable: true,
    value: answer ? { getCurrentPosition: (ok: PositionCallback) => answer(ok) } : undefined,
  });
}
const AT_FITZROY = (ok: PositionCallback) => ok({ coords: { latitude: -37.7984, longitude: 144.9789 } } as GeolocationPosition);

const cardOf = (time: string) => screen.findByRole("article", { name: time });

let innerWidth: number;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  innerWidth = window.innerWidth;
  Object.assign(window, { innerWidth: PHONE.width, innerHeight: PHONE.height });
  window.dispatchEvent(new Event("resize"));
  givePosition(null);
});
afterEach(() => {
  vi.useRealTimers();
  Object.assign(window, { innerWidth });
  givePosition(null);
});

describe("a cleaner's login", () => {
  it("opens on My jobs with the business, their name and Log out, and no staff navigation", async () => {
    storeSession(PRIYA);
    const { staffCalls } = serve();
    const { history } = renderAdmin("/admin");
    expect(await screen.findByRole("heading", { name: "My jobs", level: 1 })).toBeTruthy();
    expect(history.location.pathname).toBe("/admin/my-jobs");
    const banner = within(screen.getByRole("banner"));
    expect(await banner.findByText("Yarra Shine Cleaning")).toBeTruthy();
    expect(banner.getByText("Priya Sharma")).toBeTruthy();
    expect(banner.getByRole("button", { name: "Log out" })).toBeTruthy();
    expect(screen.queryByRole("navigation")).toBeNull();
    expect(screen.queryByRole("link", { name: "Schedule" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Bookings" })).toBeNull();
    expect(staffCalls).toEqual([]);
  });

  it("cannot open a staff screen: /admin/bookings, /admin/settings and unknown paths lead to My jobs, with no staff call made", async () => {
    storeSession(PRIYA);
    const { staffCalls } = serve();
    for (const path of ["/admin/bookings", "/admin/settings", "/admin/schedule?date=2026-11-26", "/admin/no-such-page"]) {
      const { history, unmount } = renderAdmin(path);
      await screen.findByRole("heading", { name: "My jobs", level: 1 });
      expect(history.location.pathname, path).toBe("/admin/my-jobs");
      expect(screen.queryByRole("heading", { name: "Bookings" })).toBeNull();
      unmount();
    }
    expect(staffCalls).toEqual([]);
  });

  it("lands on My jobs after logging in, whatever page the login was asked from", async () => {
    serve();
    server.use(
      http.post("/api/auth/login", () =>
        HttpResponse.json({ token: "t", expiresAt: new Date(inOneHour() * 1000).toISOString(), user: PRIYA })),
    );
    const { history, user } = renderAdmin("/admin/bookings");
    await screen.findByRole("heading", { name: "Log in" });
    await user.type(screen.getByLabelText("Email"), "priya@example.com");
    await user.type(screen.getByLabelText("Password"), "a long enough password");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByRole("heading", { name: "My jobs", level: 1 })).toBeTruthy();
    expect(history.location.pathname).toBe("/admin/my-jobs");
    expect(JSON.parse(localStorage.getItem(SESSION_KEY)!).user).toMatchObject({ role: "cleaner", cleanerId: "c1" });
  });

  it("already signed in, the login page goes straight on to My jobs", async () => {
    storeSession(PRIYA);
    serve();
    const { history } = renderAdmin("/admin/login?redirect=%2Fbookings%3Fstatus%3DPENDING");
    await screen.findByRole("heading", { name: "My jobs", level: 1 });
    expect(history.location.pathname).toBe("/admin/my-jobs");
    expect(history.location.search).toBe("");
  });

  it("logs out to the login page and forgets the session", async () => {
    storeSession(PRIYA);
    serve();
    const { history, user } = renderAdmin("/admin/my-jobs");
    await user.click(await screen.findByRole("button", { name: "Log out" }));
    await screen.findByRole("heading", { name: "Log in" });
    expect(history.location.pathname).toBe("/admin/login");
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });
});

describe("the office's shell", () => {
  it("is unchanged, and My jobs sends staff to the Schedule", async () => {
    storeSession({ role: "admin" });
    server.use(http.get("/api/admin/*", () => HttpResponse.json({ items: [] })));
    const { history } = renderAdmin("/admin/my-jobs");
    expect(await screen.findByRole("heading", { name: "Schedule", level: 1 })).toBeTruthy();
    expect(history.location.pathname).toBe("/admin/schedule");
    const nav = within(screen.getByRole("navigation", { name: "Staff screens" }));
    expect(nav.getByRole("link", { name: "Bookings" })).toBeTruthy();
    expect(within(screen.getByRole("banner")).getByRole("button", { name: "Logout" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "My jobs" })).toBeNull();
  });
});

describe("My jobs", () => {
  it("shows today and the next 7 days, each job in order of time, and 'No jobs' on a day without any", async () => {
    storeSession(PRIYA);
    const { ranges } = serve();
    renderAdmin("/admin/my-jobs");
    const today = await screen.findByRole("region", { name: "Today" });
    expect(ranges[0]).toBe("2026-11-26..2026-12-03");
    expect(within(today).getByText("Thu 26 Nov")).toBeTruthy();
    expect(within(today).getAllByRole("article").map((card) => within(card).getByRole("heading", { level: 3 }).textContent))
      .toEqual(["7:00 am – 8:30 am", "9:00 am – 12:00 pm"]);
    const days = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(days).toEqual(["Today", "Tomorrow", "Saturday 28 Nov", "Sunday 29 Nov", "Monday 30 Nov", "Tuesday 1 Dec", "Wednesday 2 Dec", "Thursday 3 Dec"]);
    expect(within(screen.getByRole("region", { name: "Tomorrow" })).getByText("No jobs")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Tomorrow" })).getByText("Fri 27 Nov")).toBeTruthy();
    const sat = screen.getByRole("region", { name: "Saturday 28 Nov" });
    expect(within(sat).getByRole("article", { name: "1:00 pm – 3:00 pm" })).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Thursday 3 Dec" })).getByText("No jobs")).toBeTruthy();
  });

  it("a job card: time, service and size, status, address (map), first name, call, answers, extras, notes, team and checklist", async () => {
    storeSession(PRIYA);
    serve();
    renderAdmin("/admin/my-jobs");
    const card = within(await cardOf("9:00 am – 12:00 pm"));
    expect(card.getByText("Regular Cleaning · 3 bedrooms")).toBeTruthy();
    expect(card.getByText("Confirmed")).toBeTruthy();
    const map = card.getByRole("link", { name: "3/12 Smith St, Fitzroy VIC 3065 (open in Maps)" });
    expect(map.getAttribute("href")).toBe("https://www.google.com/maps/search/?api=1&query=3%2F12%20Smith%20St%2C%20Fitzroy%20VIC%203065");
    expect(map.getAttribute("target")).toBe("_blank");
    expect(card.getByText("Jane")).toBeTruthy();
    expect(card.getByRole("link", { name: "Call 0412 345 678" }).getAttribute("href")).toBe("tel:0412345678");
    const access = within(card.getByRole("region", { name: "Access and answers" }));
    expect(access.getByText("How will we get in?")).toBeTruthy();
    expect(access.getByText("Key in lockbox (code 4821)")).toBeTruthy();
    expect(card.getByRole("region", { name: "Extras" }).textContent).toBe("ExtrasInside oven × 2Balcony");
    expect(within(card.getByRole("region", { name: "Customer’s notes" })).getByText("Please use the side gate.")).toBeTruthy();
    expect(within(card.getByRole("region", { name: "Lasting notes" })).getByText("Friendly dog, Biscuit.")).toBeTruthy();
    expect(within(card.getByRole("region", { name: "From the office" })).getByText("Bring the tall ladder for the skylights.")).toBeTruthy();
    expect(card.getByText("Tom Nguyen")).toBeTruthy();
    const checklist = within(card.getByRole("region", { name: "Checklist" }));
    expect(checklist.getAllByRole("checkbox").map((box) => box.closest("label")?.textContent))
      .toEqual(["Kitchen benches", "Vacuum floors", "Bathroom mirror"]);
    expect(checklist.getByText("0 of 3 done")).toBeTruthy();
    expect(card.getByRole("button", { name: "On my way" })).toBeTruthy();
    expect(card.getByRole("button", { name: "Check in" })).toBeTruthy();
    expect(card.queryByRole("button", { name: "Check out" })).toBeNull();
    // Nothing of money reaches the screen.
    expect(card.queryByText(/\$/)).toBeNull();

    // A job without answers, extras, notes or checklist shows none of those parts.
    const bare = within(await cardOf("7:00 am – 8:30 am"));
    expect(bare.getByText("Hourly Cleaning · 1.5 hours")).toBeTruthy();
    for (const part of ["Access and answers", "Extras", "Customer’s notes", "Lasting notes", "From the office", "Checklist"]) {
      expect(bare.queryByRole("region", { name: part })).toBeNull();
    }
    expect(bare.queryByText("Working with")).toBeNull();
  });

  it("On my way, Check in (with the phone's position) and Check out (with a note): each posts, shows its state and refreshes the list", async () => {
    storeSession(PRIYA);
    givePosition(AT_FITZROY);
    const { posts, ranges } = serve();
    const { user } = renderAdmin("/admin/my-jobs");
    const card = await cardOf("9:00 am – 12:00 pm");
    const inCard = within(card);
    await waitFor(() => expect(ranges).toHaveLength(1));

    await user.click(inCard.getByRole("button", { name: "On my way" }));
    expect(await inCard.findByText("On the way since 8:31 am")).toBeTruthy();
    expect(inCard.queryByRole("button", { name: "On my way" })).toBeNull();
    await waitFor(() => expect(ranges).toHaveLength(2));

    await user.click(inCard.getByRole("button", { name: "Check in" }));
    expect(await inCard.findByText("Arrived 8:52 am")).toBeTruthy();
    expect(inCard.queryByText(/On the way since/)).toBeNull();
    expect(inCard.queryByRole("button", { name: "Check in" })).toBeNull();
    await waitFor(() => expect(ranges).toHaveLength(3));

    await user.type(inCard.getByLabelText("Note for the office"), "  The oven door seal is torn.  ");
    await user.click(inCard.getByRole("button", { name: "Check out" }));
    expect(await inCard.findByText("Finished 11:40 am")).toBeTruthy();
    expect(inCard.getByText("Arrived 8:52 am")).toBeTruthy();
    expect(inCard.getByText("The oven door seal is torn.")).toBeTruthy();
    expect(inCard.queryByRole("button", { name: "Check out" })).toBeNull();
    expect(inCard.queryByLabelText("Note for the office")).toBeNull();
    await waitFor(() => expect(ranges).toHaveLength(4));

    expect(posts).toEqual([
      { path: "/api/team/jobs/b1/on-my-way", body: null },
      { path: "/api/team/jobs/b1/check-in", body: { lat: -37.7984, lng: 144.9789 } },
      { path: "/api/team/jobs/b1/check-out", body: { note: "The oven door seal is torn.", lat: -37.7984, lng: 144.9789 } },
    ]);
  });

  it("checks in without a position when the phone gives none, and checks out without a note when none is typed", async () => {
    storeSession(PRIYA);
    // Permission refused: the browser answers with an error at once.
    Object.defineProperty(navigator, "geolocation", {
      configurable: true,
      value: { getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) => fail({ code: 1, message: "denied" } as GeolocationPositionError) },
    });
    const { posts } = serve([morning]);
    const { user } = renderAdmin("/admin/my-jobs");
    const inCard = within(await cardOf("9:00 am – 12:00 pm"));
    await user.click(inCard.getByRole("button", { name: "Check in" }));
    await inCard.findByText("Arrived 8:52 am");
    await user.click(inCard.getByRole("button", { name: "Check out" }));
    await inCard.findByText("Finished 11:40 am");
    expect(posts.map((post) => post.body)).toEqual([{}, {}]);
  });

  it("shows a refusal (409 TOO_EARLY) on that job's card only, with the server's words, until dismissed", async () => {
    storeSession(PRIYA);
    const { ranges } = serve();
    server.use(
      http.post("/api/team/jobs/b2/check-in", () =>
        HttpResponse.json({ error: "Check-in opens 2 hours before the job starts.", code: "TOO_EARLY" }, { status: 409 })),
    );
    const { user } = renderAdmin("/admin/my-jobs");
    const saturdayCard = within(await cardOf("1:00 pm – 3:00 pm"));
    await user.click(saturdayCard.getByRole("button", { name: "Check in" }));
    const alert = await saturdayCard.findByRole("alert");
    expect(alert.textContent).toContain("Check-in opens 2 hours before the job starts.");
    expect(saturdayCard.queryByText(/^Arrived/)).toBeNull();
    expect(within(await cardOf("9:00 am – 12:00 pm")).queryByRole("alert")).toBeNull();
    // The list is asked again: the office may have changed the job meanwhile.
    await waitFor(() => expect(ranges.length).toBeGreaterThanOrEqual(2));
    await user.click(within(alert).getByRole("button", { name: "Dismiss" }));
    expect(saturdayCard.queryByRole("alert")).toBeNull();
  });

  it("keeps the checklist's ticks in this browser, per job, through a re-render", async () => {
    storeSession(PRIYA);
    serve();
    const first = renderAdmin("/admin/my-jobs");
    const checklist = within(within(await cardOf("9:00 am – 12:00 pm")).getByRole("region", { name: "Checklist" }));
    await first.user.click(checklist.getByRole("checkbox", { name: "Vacuum floors" }));
    expect(checklist.getByText("1 of 3 done")).toBeTruthy();
    first.unmount();

    const again = renderAdmin("/admin/my-jobs");
    const card = within(await cardOf("9:00 am – 12:00 pm"));
    const kept = within(card.getByRole("region", { name: "Checklist" }));
    expect(kept.getByRole<HTMLInputElement>("checkbox", { name: "Vacuum floors" }).checked).toBe(true);
    expect(kept.getByRole<HTMLInputElement>("checkbox", { name: "Kitchen benches" }).checked).toBe(false);
    expect(kept.getByText("1 of 3 done")).toBeTruthy();
    // Another job's list is its own.
    const other = within(within(await cardOf("1:00 pm – 3:00 pm")).getByRole("region", { name: "Checklist" }));
    expect(other.getByRole<HTMLInputElement>("checkbox", { name: "Windows" }).checked).toBe(false);
    // Unticking is kept too.
    await again.user.click(kept.getByRole("checkbox", { name: "Vacuum floors" }));
    expect(kept.getByText("0 of 3 done")).toBeTruthy();
    again.unmount();
    renderAdmin("/admin/my-jobs");
    const third = within(within(await cardOf("9:00 am – 12:00 pm")).getByRole("region", { name: "Checklist" }));
    expect(third.getByRole<HTMLInputElement>("checkbox", { name: "Vacuum floors" }).checked).toBe(false);
  });

  it("says so when the jobs can't be loaded, and tries again", async () => {
    storeSession(PRIYA);
    serve();
    let fail = true;
    server.use(http.get("/api/team/jobs", () => (fail ? HttpResponse.json({ error: "down" }, { status: 503 }) : HttpResponse.json({ items: [] }))));
    const { user } = renderAdmin("/admin/my-jobs");
    expect((await screen.findByRole("alert")).textContent).toContain("Your jobs couldn’t be loaded.");
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("region", { name: "Today" })).toBeTruthy();
    expect(screen.getAllByText("No jobs")).toHaveLength(8);
  });

  it("the styles: at 390 px one column that wraps long text, every target at least 44 px", () => {
    const rem = (value: string) => Number.parseFloat(value) * 16;
    const declarationsOf = (css: string, selector: string) => {
      const at = css.indexOf(`${selector} {`);
      expect(at, selector).toBeGreaterThanOrEqual(0);
      return css.slice(at, css.indexOf("}", at));
    };
    const minHeight = (css: string, selector: string) => rem(/min-height: ([\d.]+)rem/.exec(declarationsOf(css, selector))![1]);
    for (const selector of [".my-jobs .admin-button", ".my-job__map", ".my-job__call", ".my-job__check", ".my-job__buttons .admin-button"]) {
      expect(minHeight(myJobsCss, selector), selector).toBeGreaterThanOrEqual(44);
    }
    expect(minHeight(shellCss, ".cleaner-topbar__logout")).toBeGreaterThanOrEqual(44);
    // Addresses, notes and names wrap inside the card instead of widening the page.
    expect(declarationsOf(myJobsCss, ".my-job")).toContain("overflow-wrap: anywhere");
    expect(declarationsOf(myJobsCss, ".my-job")).toContain("min-width: 0");
    expect(declarationsOf(shellCss, ".cleaner-main")).toContain("min-width: 0");
    // No width of its own beyond a phone's: only max-widths, and the two-button row from 700 px up.
    expect(myJobsCss.match(/(?<!max-|min-)width: (\d+(?:\.\d+)?)(rem|px)/g) ?? []).toEqual(["width: 1.4rem"]);
    expect(myJobsCss).toContain("@media (min-width: 700px)");
  });
});
