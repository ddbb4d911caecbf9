/** /manage/$token (issue 15) against msw handlers that follow the API's contract. */
import { screen, waitFor, within } from "@testing-library/react";
import { changeCutoffMessage } from "@yarra/core/booking/manage-policy.ts";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app.tsx";
import { server, TEST_PROFILE } from "../../test/server.ts";
import type { AvailabilityDay } from "../booking/booking-api.ts";
import { CANCEL_TEXT } from "./cancel-booking.tsx";
import type { ManagedBooking } from "./manage-api.ts";
import { MANAGE_TEXT } from "./manage-page.tsx";
import { MOVE_TEXT } from "./move-booking.tsx";
import { CANCEL_SERIES_TEXT, SKIP_TEXT } from "./series-changes.tsx";

const TOKEN = "Tk_3x-".repeat(7) + "A";
const PATH = `/api/manage/${TOKEN}`;

/** Ada's booking: Friday 27 Nov 2026, 9:00 to 1:15 pm in Melbourne, free changes until Thursday 9:00. */
const BOOKING: ManagedBooking = {
  reference: "YS-7K3F9Q",
  type: "BOOKING",
  status: "PENDING",
  firstName: "Ada",
  serviceName: "Hourly Cleaning",
  pricingModel: "HOURLY",
  hours: 3,
  bedrooms: null,
  frequencyCode: "WEEKLY",
  frequencyName: "Weekly",
  extras: [{ title: "Inside oven", quantity: 2, price: 35 }, { title: "Balcony", quantity: 1, price: 20 }],
  address: { unit: "4", street: "12 Smith St", suburb: "Fitzroy", state: "VIC", postCode: "3065" },
  startTime: "2026-11-26T22:00:00.000Z",
  endTime: "2026-11-27T02:15:00.000Z",
  durationMinutes: 255,
  baseAmount: 165,
  extrasAmount: 90,
  firstServiceTotal: 255,
  recurringTotal: 216.75,
  discountPercent: 15,
  cancelReason: "",
  canChange: true,
  changeUntil: "2026-11-25T22:00:00.000Z",
  policy: { freeChangeCutoffHours: 24, lateChangeFeePercent: 50, phone: TEST_PROFILE.phone },
  reschedule: { todayYmd: "2026-11-22", earliestYmd: "2026-11-26", latestYmd: "2027-11-22" },
  series: null,
};
const INSIDE_CUTOFF: ManagedBooking = { ...BOOKING, status: "CONFIRMED", canChange: false, reschedule: null };

/** Saturday 28 Nov is open at 11:00 and 12:00 (Melbourne); every other day is full. */
function moveDays(from: string, to: string): AvailabilityDay[] {
  const days: AvailabilityDay[] = [];
  for (let ymd = from; ymd <= to; ymd = new Date(Date.parse(`${ymd}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)) {
    days.push(ymd === "2026-11-28"
      ? { date: ymd, open: true, slots: [{ startTimeISO: "2026-11-28T00:00:00.000Z", available: true }, { startTimeISO: "2026-11-28T01:00:00.000Z", available: true }] }
      : { date: ymd, open: false, reason: "FULL" });
  }
  return days;
}

interface Calls {
  cancel: unknown[];
  move: unknown[];
  calendar: string[];
  skip: string[];
  cancelSeries: unknown[];
}

function serve(
  booking: ManagedBooking | "expired",
  after?: { cancel?: ManagedBooking; move?: ManagedBooking; skip?: ManagedBooking; cancelSeries?: ManagedBooking },
): Calls {
  const calls: Calls = { cancel: [], move: [], calendar: [], skip: [], cancelSeries: [] };
  const invalid = () => HttpResponse.json({ error: "This link has expired or is not valid.", code: "MANAGE_LINK_INVALID" }, { status: 404 });
  server.use(
    http.get(PATH, () => (booking === "expired" ? invalid() : HttpResponse.json(booking))),
    http.get(`${PATH}/availability`, ({ request }) => {
      const url = new URL(request.url);
      calls.calendar.push(`${url.searchParams.get("from")}..${url.searchParams.get("to")}`);
      return HttpResponse.json({ durationMinutes: 255, days: moveDays(url.searchParams.get("from")!, url.searchParams.get("to")!) });
    }),
    http.post(`${PATH}/cancel`, async ({ request }) => {
      calls.cancel.push(await request.json());
      return after?.cancel ? HttpResponse.json(after.cancel) : invalid();
    }),
    http.post(`${PATH}/reschedule`, async ({ request }) => {
      calls.move.push(await request.json());
      return after?.move ? HttpResponse.json(after.move) : invalid();
    }),
    http.post(`${PATH}/skip`, async ({ request }) => {
      calls.skip.push(await request.text());
      return after?.skip ? HttpResponse.json(after.skip) : invalid();
    }),
    http.post(`${PATH}/cancel-series`, async ({ request }) => {
      calls.cancelSeries.push(await request.json());
      return after?.cancelSeries ? HttpResponse.json(after.cancelSeries) : invalid();
    }),
  );
  return calls;
}

const main = () => within(screen.getByRole("main"));
const detail = (term: string) => main().getByText(term, { selector: "dt" }).nextElementSibling?.textContent;

beforeEach(() => {
  document.head.querySelector('meta[name="robots"]')?.remove();
});

describe("manage my booking", { timeout: 30_000 }, () => {
  it("shows the booking: reference, status, service, time in Melbourne, address and price; not indexed", async () => {
    serve(BOOKING);
    await renderApp(`/manage/${TOKEN}`);
    expect(await main().findByText("YS-7K3F9Q")).toBeTruthy();
    expect(main().getByRole("heading", { level: 1 }).textContent).toBe(MANAGE_TEXT.title);
    expect(detail("Status")).toBe("Requested — we’ll confirm availability shortly");
    expect(detail("Service")).toBe("Hourly Cleaning, 3 hours");
    expect(detail("When")).toBe("Friday 27 November 2026, 9:00 am – 1:15 pm (Melbourne time)");
    expect(detail("Address")).toBe("4/12 Smith St, Fitzroy VIC 3065");
    expect(detail("Extras")).toBe("Inside oven × 2Balcony");
    expect(detail("Price")).toBe("A$255.00");
    expect(detail("Each later service")).toBe("A$216.75");
    expect(main().getByText("You can move or cancel this booking free of charge until Thu 26 Nov 2026, 9:00 am (Melbourne time).")).toBeTruthy();
    expect(main().getByRole("button", { name: MANAGE_TEXT.move })).toBeTruthy();
    expect(main().getByRole("button", { name: MANAGE_TEXT.cancel })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`Your booking · ${TEST_PROFILE.brandName}`));
    expect(document.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex");
    expect(document.querySelector('link[rel="canonical"]')).toBeNull();
  });

  it("cancels after asking, with an optional reason, and says so in the live region", async () => {
    const calls = serve(BOOKING, { cancel: { ...BOOKING, status: "CANCELLED", cancelReason: "Moving house", canChange: false, changeUntil: null, reschedule: null } });
    const { user } = await renderApp(`/manage/${TOKEN}`);
    const opener = await main().findByRole("button", { name: MANAGE_TEXT.cancel });

    // Asking is not cancelling: "Keep my booking" sends nothing and returns to the button.
    await user.click(opener);
    const panel = main().getByRole("region", { name: CANCEL_TEXT.title });
    await waitFor(() => expect(document.activeElement).toBe(within(panel).getByRole("heading", { name: CANCEL_TEXT.title })));
    expect(opener.getAttribute("aria-expanded")).toBe("true");
    await user.click(within(panel).getByRole("button", { name: CANCEL_TEXT.keep }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(calls.cancel).toEqual([]);

    await user.click(opener);
    const reason = main().getByLabelText(CANCEL_TEXT.reason);
    expect(reason.getAttribute("maxlength")).toBe("500");
    await user.type(reason, "Moving house");
    await user.click(main().getByRole("button", { name: CANCEL_TEXT.confirm }));

    const status = main().getByRole("status");
    await waitFor(() => expect(status.textContent).toBe(MANAGE_TEXT.cancelled));
    expect(status.getAttribute("aria-live")).toBe("polite");
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(calls.cancel).toEqual([{ reason: "Moving house" }]);
    expect(detail("Status")).toBe("Cancelled");
    expect(detail("Why it was cancelled")).toBe("Moving house");
    expect(main().queryByRole("button", { name: MANAGE_TEXT.cancel })).toBeNull();
    expect(main().queryByRole("button", { name: MANAGE_TEXT.move })).toBeNull();
  });

  it("moves the booking with the booking form's calendar, for this job's length", async () => {
    const moved = { ...BOOKING, startTime: "2026-11-28T00:00:00.000Z", endTime: "2026-11-28T04:15:00.000Z", changeUntil: "2026-11-27T00:00:00.000Z" };
    const calls = serve(BOOKING, { move: moved });
    const { user } = await renderApp(`/manage/${TOKEN}`);
    await user.click(await main().findByRole("button", { name: MANAGE_TEXT.move }));
    const panel = main().getByRole("region", { name: MOVE_TEXT.title });
    expect(within(panel).getByText(/This clean takes about 4 hours 15 minutes/)).toBeTruthy();
    const confirm = within(panel).getByRole("button", { name: MOVE_TEXT.confirm });
    expect(confirm).toHaveProperty("disabled", true);

    const saturday = await within(panel).findByRole("button", { name: /^Saturday 28 November 2026/ }, { timeout: 10_000 });
    await waitFor(() => expect(saturday).toHaveProperty("disabled", false));
    expect(within(panel).getByRole("button", { name: /^Friday 27 November 2026, fully booked/ })).toHaveProperty("disabled", true);
    expect(calls.calendar[0]).toBe("2026-11-01..2026-12-31");
    await user.click(saturday);
    const times = within(panel).getByRole("group", { name: "Free start times on Saturday 28 November 2026" });
    expect(within(times).getAllByRole("button").map((b) => b.textContent)).toEqual(["11:00 am", "12:00 pm"]);
    await user.click(within(times).getByRole("button", { name: "11:00 am" }));
    await user.click(within(panel).getByRole("button", { name: `${MOVE_TEXT.confirm}: 11:00 am, Saturday 28 November 2026` }));

    await waitFor(() =>
      expect(main().getByRole("status").textContent).toBe(
        MANAGE_TEXT.moved("Saturday 28 November 2026, 11:00 am – 3:15 pm (Melbourne time)"),
      )
    );
    expect(calls.move).toEqual([{ startTimeISO: "2026-11-28T00:00:00.000Z" }]);
    expect(detail("When")).toBe("Saturday 28 November 2026, 11:00 am – 3:15 pm (Melbourne time)");
    expect(main().queryByRole("region", { name: MOVE_TEXT.title })).toBeNull();
  });

  it("a time taken meanwhile: says so, asks the calendar again, keeps the panel open", async () => {
    const calls = serve(BOOKING);
    server.use(http.post(`${PATH}/reschedule`, () =>
      HttpResponse.json({ error: "That time isn’t available. Please choose another.", code: "SLOT_UNAVAILABLE" }, { status: 409 })));
    const { user } = await renderApp(`/manage/${TOKEN}`);
    await user.click(await main().findByRole("button", { name: MANAGE_TEXT.move }));
    const panel = main().getByRole("region", { name: MOVE_TEXT.title });
    const saturday = await within(panel).findByRole("button", { name: /^Saturday 28 November 2026/ }, { timeout: 10_000 });
    await waitFor(() => expect(saturday).toHaveProperty("disabled", false));
    await user.click(saturday);
    await user.click(within(panel).getByRole("button", { name: "12:00 pm" }));
    const asked = calls.calendar.length;
    await user.click(within(panel).getByRole("button", { name: /^Confirm new time/ }));
    expect(within(await main().findByRole("alert")).getByText("That time isn’t available. Please choose another.")).toBeTruthy();
    await waitFor(() => expect(calls.calendar.length).toBeGreaterThan(asked));
    expect(main().getByRole("region", { name: MOVE_TEXT.title })).toBeTruthy();
    expect(within(panel).getByRole("button", { name: MOVE_TEXT.confirm })).toHaveProperty("disabled", true);
  });

  it("inside the cut-off: states the policy's fee, says to call, and links the phone; no buttons", async () => {
    serve(INSIDE_CUTOFF);
    await renderApp(`/manage/${TOKEN}`);
    const notice = await main().findByText(changeCutoffMessage({ freeChangeCutoffHours: 24, phone: TEST_PROFILE.phone }));
    expect(notice.textContent).toContain("may incur a 50% fee");
    expect(notice.textContent).toContain(`call us on ${TEST_PROFILE.phone}`);
    expect(main().getByRole("link", { name: `Call ${TEST_PROFILE.phone}` }).getAttribute("href")).toBe("tel:+61390001234");
    expect(main().queryByRole("button", { name: MANAGE_TEXT.move })).toBeNull();
    expect(main().queryByRole("button", { name: MANAGE_TEXT.cancel })).toBeNull();
  });

  it("the cut-off passing while the page is open: the server's message, then the page as it now is", async () => {
    serve(BOOKING);
    server.use(http.post(`${PATH}/cancel`, () => {
      server.use(http.get(PATH, () => HttpResponse.json(INSIDE_CUTOFF)));
      return HttpResponse.json(
        { error: changeCutoffMessage({ freeChangeCutoffHours: 24, phone: TEST_PROFILE.phone }), code: "CHANGE_CUTOFF_PASSED" },
        { status: 409 },
      );
    }));
    const { user } = await renderApp(`/manage/${TOKEN}`);
    await user.click(await main().findByRole("button", { name: MANAGE_TEXT.cancel }));
    await user.click(main().getByRole("button", { name: CANCEL_TEXT.confirm }));
    const alert = await main().findByRole("alert");
    expect(alert.textContent).toContain("may incur a 50% fee");
    expect(await main().findByRole("link", { name: `Call ${TEST_PROFILE.phone}` })).toBeTruthy();
    expect(main().queryByRole("button", { name: MANAGE_TEXT.cancel })).toBeNull();
  });

  it("an expired or unknown link: says so clearly, with the phone", async () => {
    serve("expired");
    await renderApp(`/manage/${TOKEN}`);
    expect(await main().findByRole("heading", { level: 1, name: MANAGE_TEXT.expired })).toBeTruthy();
    expect(main().getByText(/This link has expired or is not valid\. Links work until the job is over/)).toBeTruthy();
    expect(main().getByRole("link", { name: TEST_PROFILE.phone }).getAttribute("href")).toBe("tel:+61390001234");
    expect(main().queryByText("YS-7K3F9Q")).toBeNull();
  });

  it("a failed load can be tried again", async () => {
    let answers = 0;
    server.use(http.get(PATH, () => (++answers === 1 ? HttpResponse.error() : HttpResponse.json(BOOKING))));
    const { user } = await renderApp(`/manage/${TOKEN}`);
    expect(within(await main().findByRole("alert")).getByText("Network error")).toBeTruthy();
    await user.click(main().getByRole("button", { name: "Try again" }));
    expect(await main().findByText("YS-7K3F9Q")).toBeTruthy();
  });
});

/** Ada's Friday visit of her weekly clean, with the three visits after it. */
const VISIT: ManagedBooking = {
  ...BOOKING,
  status: "CONFIRMED",
  series: {
    frequencyName: "Weekly",
    status: "ACTIVE",
    nextVisits: ["2026-12-03T22:00:00.000Z", "2026-12-10T22:00:00.000Z", "2026-12-17T22:00:00.000Z"],
  },
};
const closed = { canChange: false, changeUntil: null, reschedule: null } as const;

describe("manage my booking: a visit of a regular clean", { timeout: 30_000 }, () => {
  it("shows the regular clean and its next visits; offers move, skip and cancel all future visits, not a plain cancel", async () => {
    serve(VISIT);
    await renderApp(`/manage/${TOKEN}`);
    expect(await main().findByText("YS-7K3F9Q")).toBeTruthy();
    const regular = main().getByText(MANAGE_TEXT.regularClean, { selector: "dt" }).nextElementSibling as HTMLElement;
    expect(regular.firstChild?.textContent).toBe("Weekly — next visits");
    expect(within(regular).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Fri 4 Dec 2026, 9:00 am",
      "Fri 11 Dec 2026, 9:00 am",
      "Fri 18 Dec 2026, 9:00 am",
    ]);
    expect(main().getByText("You can move or skip this visit, or cancel all future visits, free of charge until Thu 26 Nov 2026, 9:00 am (Melbourne time).")).toBeTruthy();
    for (const name of [MANAGE_TEXT.moveVisit, MANAGE_TEXT.skip, MANAGE_TEXT.cancelSeries]) {
      expect(main().getByRole("button", { name }).getAttribute("aria-expanded")).toBe("false");
    }
    expect(main().queryByRole("button", { name: MANAGE_TEXT.cancel })).toBeNull();
  });

  it("skips the visit after asking, and says the regular clean carries on", async () => {
    const calls = serve(VISIT, {
      skip: { ...VISIT, ...closed, status: "CANCELLED", cancelReason: "Skipped by the customer", series: { ...VISIT.series!, nextVisits: VISIT.series!.nextVisits.slice(0, 2) } },
    });
    const { user } = await renderApp(`/manage/${TOKEN}`);
    const opener = await main().findByRole("button", { name: MANAGE_TEXT.skip });

    await user.click(opener);
    const panel = main().getByRole("region", { name: SKIP_TEXT.title });
    await waitFor(() => expect(document.activeElement).toBe(within(panel).getByRole("heading", { name: SKIP_TEXT.title })));
    expect(opener.getAttribute("aria-expanded")).toBe("true");
    expect(panel.textContent).toContain(
      "Skipping is free until Thu 26 Nov 2026, 9:00 am (Melbourne time). Your regular clean (Weekly) carries on: your next visit is Fri 4 Dec 2026, 9:00 am (Melbourne time).",
    );
    await user.click(within(panel).getByRole("button", { name: SKIP_TEXT.keep }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(calls.skip).toEqual([]);

    await user.click(opener);
    await user.click(main().getByRole("button", { name: SKIP_TEXT.confirm }));
    const status = main().getByRole("status");
    await waitFor(() => expect(status.textContent).toBe(MANAGE_TEXT.skipped));
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(calls.skip).toEqual([""]);
    expect(detail("Status")).toBe("Cancelled");
    expect(detail("Why it was cancelled")).toBe("Skipped by the customer");
    expect(main().getByText(/This visit is cancelled; your regular clean carries on/)).toBeTruthy();
    expect(main().queryByRole("button", { name: MANAGE_TEXT.skip })).toBeNull();
    expect(main().queryByRole("button", { name: MANAGE_TEXT.cancelSeries })).toBeNull();
  });

  it("cancels all future visits after asking, with an optional reason; a refused reason shows at its field", async () => {
    const calls = serve(VISIT, {
      cancelSeries: { ...VISIT, ...closed, status: "CANCELLED", cancelReason: "Moving interstate", series: { ...VISIT.series!, status: "ENDED", nextVisits: [] } },
    });
    server.use(http.post(`${PATH}/cancel-series`, async ({ request }) => {
      const body = await request.json() as { reason?: string };
      calls.cancelSeries.push(body);
      if (body.reason === "x") {
        return HttpResponse.json(
          { error: "Please fix the highlighted fields, then try again.", code: "VALIDATION_FAILED", fieldErrors: { reason: ["Please keep the reason to 500 characters or fewer."] } },
          { status: 422 },
        );
      }
      return HttpResponse.json({ ...VISIT, ...closed, status: "CANCELLED", cancelReason: body.reason, series: { ...VISIT.series!, status: "ENDED", nextVisits: [] } });
    }));
    const { user } = await renderApp(`/manage/${TOKEN}`);
    const opener = await main().findByRole("button", { name: MANAGE_TEXT.cancelSeries });
    await user.click(opener);
    const panel = main().getByRole("region", { name: CANCEL_SERIES_TEXT.title });
    await waitFor(() => expect(document.activeElement).toBe(within(panel).getByRole("heading", { name: CANCEL_SERIES_TEXT.title })));
    expect(panel.textContent).toContain("This cancels this visit and every later visit of your regular clean (Weekly), and we won’t plan any more.");
    await user.click(within(panel).getByRole("button", { name: CANCEL_SERIES_TEXT.keep }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(calls.cancelSeries).toEqual([]);

    await user.click(opener);
    const reason = main().getByLabelText(CANCEL_TEXT.reason);
    expect(reason.getAttribute("maxlength")).toBe("500");
    await user.type(reason, "x");
    await user.click(main().getByRole("button", { name: CANCEL_SERIES_TEXT.confirm }));
    const fieldError = await main().findByText("Please keep the reason to 500 characters or fewer.");
    expect(reason.getAttribute("aria-invalid")).toBe("true");
    expect(reason.getAttribute("aria-describedby")).toContain(fieldError.id);

    await user.clear(reason);
    await user.type(reason, "Moving interstate");
    await user.click(main().getByRole("button", { name: CANCEL_SERIES_TEXT.confirm }));
    await waitFor(() => expect(main().getByRole("status").textContent).toBe(MANAGE_TEXT.seriesCancelled));
    expect(calls.cancelSeries).toEqual([{ reason: "x" }, { reason: "Moving interstate" }]);
    const regular = main().getByText(MANAGE_TEXT.regularClean, { selector: "dt" }).nextElementSibling!;
    expect(regular.textContent).toBe("Weekly — ended");
    expect(main().getByText(/This visit is cancelled, and your regular clean has ended/)).toBeTruthy();
    expect(main().queryByRole("region", { name: CANCEL_SERIES_TEXT.title })).toBeNull();
  });

  it("a series ending after the visits shown: skip is still offered, cancel all future visits is not", async () => {
    serve({ ...VISIT, series: { ...VISIT.series!, status: "ENDED", nextVisits: ["2026-12-03T22:00:00.000Z"] } });
    await renderApp(`/manage/${TOKEN}`);
    expect(await main().findByRole("button", { name: MANAGE_TEXT.skip })).toBeTruthy();
    expect(main().queryByRole("button", { name: MANAGE_TEXT.cancelSeries })).toBeNull();
    expect(main().getByText("You can move or skip this visit free of charge until Thu 26 Nov 2026, 9:00 am (Melbourne time).")).toBeTruthy();
    expect(main().getByText(MANAGE_TEXT.regularClean, { selector: "dt" }).nextElementSibling!.firstChild?.textContent).toBe(
      "Weekly — ends after the visits below",
    );
  });

  it("the office ended the series while the page was open: the 409's message, then the page as it now is", async () => {
    serve(VISIT);
    const ended = { ...VISIT, series: { ...VISIT.series!, status: "ENDED" as const, nextVisits: [] } };
    server.use(http.post(`${PATH}/cancel-series`, () => {
      server.use(http.get(PATH, () => HttpResponse.json(ended)));
      return HttpResponse.json(
        { error: "Your regular clean has already ended: no more visits will be planned. You can still skip this visit.", code: "SERIES_ENDED" },
        { status: 409 },
      );
    }));
    const { user } = await renderApp(`/manage/${TOKEN}`);
    await user.click(await main().findByRole("button", { name: MANAGE_TEXT.cancelSeries }));
    await user.click(main().getByRole("button", { name: CANCEL_SERIES_TEXT.confirm }));
    expect((await main().findByRole("alert")).textContent).toContain("Your regular clean has already ended");
    await waitFor(() => expect(main().queryByRole("button", { name: MANAGE_TEXT.cancelSeries })).toBeNull());
    expect(main().getByRole("button", { name: MANAGE_TEXT.skip })).toBeTruthy();
  });

  it("inside the cut-off: the policy's fee and the phone; no buttons", async () => {
    serve({ ...VISIT, ...closed, changeUntil: "2026-11-25T22:00:00.000Z" });
    await renderApp(`/manage/${TOKEN}`);
    expect(await main().findByText(changeCutoffMessage({ freeChangeCutoffHours: 24, phone: TEST_PROFILE.phone }))).toBeTruthy();
    for (const name of [MANAGE_TEXT.moveVisit, MANAGE_TEXT.skip, MANAGE_TEXT.cancelSeries]) expect(main().queryByRole("button", { name })).toBeNull();
  });

  it("a visit the office is finding a time for: says so and gives the phone, not the cut-off", async () => {
    serve({ ...VISIT, ...closed, status: "NEEDS_ATTENTION" });
    await renderApp(`/manage/${TOKEN}`);
    expect(await main().findByText(/We’re finding a new time for this visit and will be in touch/)).toBeTruthy();
    expect(main().getByRole("link", { name: `Call ${TEST_PROFILE.phone}` })).toBeTruthy();
    expect(main().queryByText(/Free changes end/)).toBeNull();
    expect(main().queryByRole("button", { name: MANAGE_TEXT.skip })).toBeNull();
  });
});
