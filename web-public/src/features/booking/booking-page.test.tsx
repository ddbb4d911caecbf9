import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { DRAFT_MESSAGES } from "@yarra/core/booking/draft/validation.ts";
import { earliestBookableYmd, latestBookableYmd, slotInstant } from "@yarra/core/booking/capacity/scheduling.ts";
import { addDaysYmd, formatMelbourneDateTime, formatYmdLong, weekdayOfYmd } from "@yarra/core/shared/melbourne-time.ts";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../../test/render-app.tsx";
import { server } from "../../test/server.ts";
import {
  availabilityFake,
  BEDROOMS,
  bookingRecord,
  catalogHandlers,
  CONTENT,
  firstBookableDate,
  HOURLY,
  SCHEDULING,
} from "./booking-test-fixtures.ts";
import {
  chooseHourly,
  descriptionOf,
  expectFieldError,
  fill,
  fillContactAndAddress,
  getDay,
  offeredTimes,
  openPage as openBookingPage,
  pickDay,
  pickTime,
  scheduleGroup,
  showMonthOf,
  type User,
} from "./booking.test-helper.tsx";
import { QUESTIONS_NEEDED_MESSAGE } from "./questions-section.tsx";
import { CALENDAR_LOAD_ERROR, EARLIEST_DATE_PLACEHOLDER } from "./schedule-section.tsx";

let scrolled: Element[];
beforeEach(() => {
  server.use(...catalogHandlers());
  sessionStorage.clear();
  scrolled = [];
  vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(function (this: Element) {
    scrolled.push(this);
  });
});
afterEach(() => vi.unstubAllGlobals());

/** /book-now with the catalogue loaded and the first bookable day open in the calendar. */
const openPage = () => openBookingPage("/book-now", firstBookableDate());

/** The first date on or after `ymd` that falls on `weekday` (0 = Sunday). */
function nextWeekday(ymd: string, weekday: number): string {
  let date = ymd;
  while (weekdayOfYmd(date) !== weekday) date = addDaysYmd(date, 1);
  return date;
}

const section = (name: RegExp) => screen.getByRole("region", { name });

async function chooseSlot(user: User, date = firstBookableDate(), time = "9:00 am") {
  await pickDay(user, date);
  await pickTime(user, time);
}

async function fillValidHourly(user: User) {
  fillContactAndAddress();
  await chooseHourly(user);
  await chooseSlot(user);
  await user.click(await screen.findByRole("radio", { name: "Someone will be home" }));
}

/** The price box's line values, by label. */
function priceLines(container: HTMLElement) {
  const lines: Record<string, string> = {};
  for (const row of container.querySelectorAll(".price-summary__line")) {
    const label = row.querySelector("dt")!.textContent!.replace(/\*|\s*\(.*\)$/g, "").trim();
    lines[label] = row.querySelector("dd")!.textContent!;
  }
  return lines;
}
const priceBox = () => screen.getByRole("region", { name: "Your price" });

// The whole site renders per test and the machine is shared: allow more than the default 5 s.
describe("/book-now", { timeout: 20_000 }, () => {
  it("shows the hero, the seven numbered steps, the side column and the content settings", async () => {
    await openPage();
    expect(screen.getByRole("heading", { level: 1, name: "YOUR CLEAN YOUR WAY" })).toBeTruthy();
    expect(screen.getByText("Book a Cleaning")).toBeTruthy();
    const steps = within(screen.getByRole("navigation", { name: "Booking steps" })).getAllByRole("link");
    expect(steps.map((link) => link.textContent)).toEqual([
      "1Step 1: Contact Details",
      "2Step 2: Address",
      "3Step 3: Choose Service and Add-ons",
      "4Step 4: Schedule",
      "Step 5: Frequency (complete)",
      "6Step 6: Extra Questions",
      "7Step 7: Review and Submit",
    ]);
    expect(steps[0].getAttribute("href")).toBe("#booking-details");
    expect(screen.getByRole("heading", { name: "Why book with us" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Secure and private" })).toBeTruthy();
    // Contact help comes from the business profile (the test server's, not the fallback).
    const aside = screen.getByRole("complementary", { name: "About your booking" });
    expect(await within(aside).findByRole("link", { name: "team@sparkle.test" })).toBeTruthy();
    expect(within(aside).getByRole("link", { name: "Call 03 9000 1234" })).toBeTruthy();
    expect(within(priceBox()).getByText("Totals appear once a service is chosen.")).toBeTruthy();
    expect(await screen.findByLabelText("Anything else?")).toBeTruthy();
    expect(screen.getByPlaceholderText("Gate code, pets, parking…")).toBeTruthy();
    expect(screen.getByText("24 hours").tagName).toBe("STRONG");
    expect(screen.getByRole("radio", { name: /One-time/ })).toHaveProperty("checked", true);
    expect(screen.getByText("15% off after the first service")).toBeTruthy();
  });

  it("ticks a step once its section passes the loose checks, and jumps to sections", async () => {
    const { user } = await openPage();
    const nav = screen.getByRole("navigation", { name: "Booking steps" });
    expect(within(nav).queryByText(/Contact Details \(complete\)/)).toBeNull();
    fillContactAndAddress();
    expect(within(nav).getByRole("link", { name: /Contact Details \(complete\)/ })).toBeTruthy();
    expect(within(nav).getByRole("link", { name: /Address \(complete\)/ })).toBeTruthy();
    expect(within(nav).getByRole("link", { name: /Frequency \(complete\)/ })).toBeTruthy();
    expect(within(nav).queryByRole("link", { name: /Choose Service and Add-ons \(complete\)/ })).toBeNull();
    await chooseHourly(user);
    expect(within(nav).getByRole("link", { name: /Choose Service and Add-ons \(complete\)/ })).toBeTruthy();

    await user.click(within(nav).getByRole("link", { name: /Schedule/ }));
    expect(scrolled.at(-1)?.id).toBe("booking-schedule");
    expect(document.activeElement?.id).toBe("booking-schedule");
  });

  it("shows every validation message under its field, the banner, and focuses the first section with an error", async () => {
    const { user } = await openPage();
    fill(/^Email/, "not-an-email");
    fill(/^Phone/, "12345");
    fill(/^Postcode/, "30");
    fireEvent.change(screen.getByLabelText(/^State/), { target: { value: "" } });
    await user.click(screen.getByRole("button", { name: "Book Now" }));

    expect(within(screen.getByRole("alert")).getByText(DRAFT_MESSAGES.banner)).toBeTruthy();
    expectFieldError(screen.getByLabelText(/^First name/), DRAFT_MESSAGES.firstName);
    expectFieldError(screen.getByLabelText(/^Last name/), DRAFT_MESSAGES.lastName);
    expectFieldError(screen.getByLabelText(/^Email/), DRAFT_MESSAGES.email);
    expectFieldError(screen.getByLabelText(/^Phone/), DRAFT_MESSAGES.phone);
    expectFieldError(screen.getByLabelText(/^Street address/), DRAFT_MESSAGES.street);
    expectFieldError(screen.getByLabelText(/^Suburb/), DRAFT_MESSAGES.suburb);
    expectFieldError(screen.getByLabelText(/^State/), DRAFT_MESSAGES.stateRequired);
    expectFieldError(screen.getByLabelText(/^Postcode/), DRAFT_MESSAGES.postCode);
    expectFieldError(screen.getByRole("group", { name: /Service/ }), DRAFT_MESSAGES.serviceId);
    expectFieldError(scheduleGroup(), DRAFT_MESSAGES.startTimeRequired);
    expectFieldError(screen.getByRole("radiogroup", { name: /How will we get in\?/ }), "This question needs an answer.");
    // Also under the buttons, where the customer clicked.
    expect(within(section(/Review and Submit/)).getByText(DRAFT_MESSAGES.banner)).toBeTruthy();

    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^First name/)));
    expect(scrolled.at(-1)?.id).toBe("booking-details");

    // Fixing a field clears its message.
    fill(/^First name/, "Ada");
    expect(screen.getByLabelText(/^First name/).getAttribute("aria-invalid")).toBeNull();
  });

  it("asks for hours or bedrooms for the chosen model, and scrolls to the service section", async () => {
    const { user } = await openPage();
    fillContactAndAddress();
    await user.click(screen.getByRole("radio", { name: /Hourly Cleaning/ }));
    await user.click(screen.getByRole("button", { name: "Get Quote" }));
    expectFieldError(await screen.findByLabelText(/^Hours/), DRAFT_MESSAGES.hours);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Hours/)));
    expect(scrolled.at(-1)?.id).toBe("booking-service");

    await user.click(screen.getByRole("radio", { name: /Regular Clean/ }));
    await user.click(screen.getByRole("button", { name: "Get Quote" }));
    expectFieldError(await screen.findByLabelText(/^Bedrooms/), DRAFT_MESSAGES.bedrooms);
  });

  it("offers the days and start times of the live scheduling settings, and checks the start with them", async () => {
    // Staff changed the settings: two days' notice, starts from 9:00 to 11:00, closed on Saturdays only.
    const scheduling = { ...SCHEDULING, leadDays: 2, horizonDays: 30, firstSlotHour: 9, lastSlotHour: 11, closedWeekdays: [6] };
    server.use(...catalogHandlers(CONTENT, scheduling));
    let sent: { startTimeISO?: string } = {};
    server.use(http.post("/api/bookings", async ({ request }) => {
      sent = await request.json() as typeof sent;
      return HttpResponse.json(bookingRecord(), { status: 201 });
    }));
    const { user } = await openBookingPage("/book-now", firstBookableDate(scheduling));
    const earliest = earliestBookableYmd(new Date(), scheduling);
    expect(descriptionOf(scheduleGroup())).toBe(
      `The earliest date we can book is ${formatYmdLong(earliest)}. We’re closed on Saturdays. Times are Melbourne time.`,
    );
    // The months end where the bookable days do (issue 13's horizon).
    expect(screen.getByRole("button", { name: "Go to the Previous Month" }).getAttribute("aria-disabled")).toBe("true");
    const saturday = nextWeekday(earliest, 6);
    await showMonthOf(user, saturday);
    expect(getDay(saturday)).toHaveProperty("disabled", true);
    expect(getDay(saturday).getAttribute("aria-label")).toBe(`${formatYmdLong(saturday)}, closed`);
    const sunday = nextWeekday(earliest, 0);
    await showMonthOf(user, sunday);
    expect(getDay(sunday)).toHaveProperty("disabled", false);
    const latest = latestBookableYmd(new Date(), scheduling);
    await showMonthOf(user, latest);
    expect(screen.getByRole("button", { name: "Go to the Next Month" }).getAttribute("aria-disabled")).toBe("true");

    // The first open day under these settings is before the default four days' notice: it books.
    fillContactAndAddress();
    await chooseHourly(user);
    await pickDay(user, firstBookableDate(scheduling));
    expect(offeredTimes()).toEqual(["9:00 am", "10:00 am", "11:00 am"]);
    await pickTime(user, "11:00 am");
    await user.click(await screen.findByRole("radio", { name: "Someone will be home" }));
    await user.click(screen.getByRole("button", { name: "Book Now" }));
    expect(await screen.findByText("Booking created. We’ve emailed your confirmation.")).toBeTruthy();
    expect(sent.startTimeISO).toBe(slotInstant(firstBookableDate(scheduling), 11).toISOString());
  });

  it("offers no day while the settings load, and a retry when they fail", async () => {
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    server.use(http.get("/api/scheduling", async () => {
      calls++;
      if (calls > 1) return HttpResponse.json(SCHEDULING);
      await answered;
      return new HttpResponse(null, { status: 500 });
    }));
    const { user } = await renderApp("/book-now");
    await screen.findByRole("radio", { name: /Hourly Cleaning/ });
    expect(descriptionOf(scheduleGroup())).toContain(`The earliest date we can book is ${EARLIEST_DATE_PLACEHOLDER}.`);
    expect(screen.queryByRole("grid")).toBeNull();
    expect(offeredTimes()).toEqual([]);

    release();
    const alert = await within(section(/Schedule/)).findByRole("alert");
    expect(alert.textContent).toContain(CALENDAR_LOAD_ERROR);
    expect(screen.queryByRole("grid")).toBeNull();
    // Submitting now says why no booking can be made yet.
    await user.click(screen.getByRole("button", { name: "Book Now" }));
    expectFieldError(scheduleGroup(), CALENDAR_LOAD_ERROR);

    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(getDay(firstBookableDate())).toHaveProperty("disabled", false));
    expect(calls).toBe(2);
    expect(screen.queryByText(CALENDAR_LOAD_ERROR)).toBeNull();
  });

  it("prices the draft live: hours, add-on quantity, bedrooms and the frequency discount", async () => {
    const { user } = await openPage();
    await chooseHourly(user, "3");
    expect(priceLines(priceBox())).toMatchObject({ Base: "A$165.00", Extras: "A$0.00", "First service": "A$165.00" });
    await user.selectOptions(screen.getByLabelText(/^Hours/), "2.5");
    expect(priceLines(priceBox()).Base).toBe("A$137.50");

    await user.click(await screen.findByRole("checkbox", { name: /Inside oven/ }));
    await user.click(screen.getByRole("checkbox", { name: /Interior windows/ }));
    const quantity = screen.getByLabelText("Quantity of Interior windows");
    // Issue 13: the box offers up to the add-on's own maximum; issue 34: a number past it is set to
    // the maximum (said beside the box), and the price follows.
    expect(quantity.getAttribute("max")).toBe("8");
    fireEvent.change(quantity, { target: { value: "100000000" } });
    expect(priceLines(priceBox())).toMatchObject({ Extras: "A$185.00" });
    fireEvent.change(quantity, { target: { value: "3" } });
    expect(priceLines(priceBox())).toEqual({ Base: "A$137.50", Extras: "A$110.00", "First service": "A$247.50" });
    // Issue 14: a one-time clean has no recurring total, so no "Recurring (One-time)" line.
    expect(within(priceBox()).queryByText(/Recurring/)).toBeNull();
    expect(within(section(/Review and Submit/)).queryByText(/Recurring/)).toBeNull();

    await user.click(screen.getByRole("radio", { name: /Weekly/ }));
    expect(priceLines(priceBox()).Recurring).toBe("A$210.38");
    expect(within(priceBox()).getByText(/Recurring \(Weekly, 15% off\)/)).toBeTruthy();
    expect(within(priceBox()).getByText("Indicative only. Final totals confirmed on submit.")).toBeTruthy();
    expect(within(priceBox()).getByText("* Final totals are confirmed on submit.")).toBeTruthy();
    // The review repeats the same summary.
    expect(priceLines(section(/Review and Submit/)).Recurring).toBe("A$210.38");
    expect(within(section(/Review and Submit/)).getByText("Interior windows × 3")).toBeTruthy();

    await user.click(screen.getByRole("radio", { name: /Regular Clean/ }));
    await user.selectOptions(await screen.findByLabelText(/^Bedrooms/), "2");
    expect(priceLines(priceBox())).toMatchObject({ Base: "A$179.00", Extras: "A$0.00", Recurring: "A$152.15" });
  });

  it("resets hours, bedrooms and add-ons when the service changes", async () => {
    const { user } = await openPage();
    await chooseHourly(user, "3");
    await user.click(await screen.findByRole("checkbox", { name: /Inside oven/ }));
    await user.click(screen.getByRole("radio", { name: /Regular Clean/ }));
    await user.selectOptions(await screen.findByLabelText(/^Bedrooms/), "3");
    await user.click(await screen.findByRole("checkbox", { name: /Balcony/ }));
    expect(priceLines(priceBox()).Extras).toBe("A$35.00");

    await user.click(screen.getByRole("radio", { name: /Hourly Cleaning/ }));
    expect((screen.getByLabelText(/^Hours/) as HTMLSelectElement).value).toBe("");
    expect(screen.queryByLabelText(/^Bedrooms/)).toBeNull();
    expect(await screen.findByRole("checkbox", { name: /Inside oven/ })).toHaveProperty("checked", false);
    expect(within(priceBox()).getByText("Choose the hours or bedrooms to see your totals.")).toBeTruthy();

    await user.click(screen.getByRole("radio", { name: /Regular Clean/ }));
    expect((await screen.findByLabelText(/^Bedrooms/) as HTMLSelectElement).value).toBe("");
    expect(await screen.findByRole("checkbox", { name: /Balcony/ })).toHaveProperty("checked", false);
  });

  it("checks availability: needs a date and slot, then says available or not, and forgets on change", async () => {
    const bodies: unknown[] = [];
    let available = true;
    server.use(http.post("/api/availability/check", async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ available });
    }));
    const { user } = await openPage();
    const check = screen.getByRole("button", { name: "Check availability" });
    await user.click(check);
    expect(screen.getByText("Please pick a date and a time slot.")).toBeTruthy();
    expect(bodies).toEqual([]);

    const date = firstBookableDate();
    await chooseSlot(user, date, "10:00 am");
    expect(screen.queryByText("Please pick a date and a time slot.")).toBeNull();
    await user.click(check);
    expect(await screen.findByText("This time is available.")).toBeTruthy();
    expect(bodies[0]).toEqual({ startTimeISO: slotInstant(date, 10).toISOString(), durationHours: 2 });

    await chooseHourly(user, "3.5");
    expect(screen.queryByText("This time is available.")).toBeNull();
    available = false;
    await user.click(check);
    expect(await screen.findByText("That time isn’t available. Please choose another.")).toBeTruthy();
    expect(bodies[1]).toMatchObject({ durationHours: 3.5 });

    await pickTime(user, "11:00 am");
    expect(screen.queryByText("That time isn’t available. Please choose another.")).toBeNull();
  });

  it("renders each question type and sends the answers with the booking", async () => {
    let sent: Record<string, unknown> | undefined;
    let key: string | null = null;
    server.use(http.post("/api/bookings", async ({ request }) => {
      sent = await request.json() as Record<string, unknown>;
      key = request.headers.get("Idempotency-Key");
      return HttpResponse.json(bookingRecord(), { status: 201 });
    }));
    const { user } = await openPage();
    await fillValidHourly(user);
    const questions = section(/Extra Questions/);
    const access = within(questions).getByRole("radiogroup", { name: /How will we get in\?/ });
    expect(within(access).getAllByRole("radio")).toHaveLength(2);
    expect(access.textContent).toContain("*");
    await user.click(within(questions).getByRole("checkbox", { name: "Cat" }));
    await user.click(within(questions).getByRole("checkbox", { name: "Dog" }));
    const parking = within(questions).getByLabelText(/Where can our cleaner park\?/);
    expect(parking.getAttribute("placeholder")).toBe("e.g. Visitor bay 3");
    expect(descriptionOf(parking)).toContain("Parking within 20 minutes, please.");
    fill(/Where can our cleaner park\?/, "Visitor bay 3");
    // The service's own question joins the global ones.
    expect(await within(questions).findByLabelText(/Approximate floor area/)).toBeTruthy();

    await user.click(await screen.findByRole("checkbox", { name: /Inside oven/ }));
    await user.click(screen.getByRole("checkbox", { name: /Interior windows/ }));
    fireEvent.change(screen.getByLabelText("Quantity of Interior windows"), { target: { value: "2" } });
    await user.click(screen.getByRole("radio", { name: /Weekly/ }));
    fill(/Anything else\?/, "Gate code 1234");
    await user.click(screen.getByRole("button", { name: "Book Now" }));

    expect(await screen.findByText("Booking created. We’ve emailed your confirmation.")).toBeTruthy();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sent).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      phone: "0412 345 678",
      address: { street: "12 Smith St", suburb: "Fitzroy", state: "VIC", postCode: "3065" },
      serviceId: HOURLY._id,
      servicePricingModel: "HOURLY",
      serviceName: "Hourly Cleaning",
      hours: 3,
      bedrooms: null,
      extras: [
        { extraId: "x-oven", quantity: 1, title: "Inside oven" },
        { extraId: "x-windows", quantity: 2, title: "Interior windows" },
      ],
      startTimeISO: slotInstant(firstBookableDate(), 9).toISOString(),
      frequencyCode: "WEEKLY",
      answers: [
        { questionId: "q-access", value: "someone_home", label: "How will we get in?" },
        { questionId: "q-pets", value: ["dog", "cat"], label: "Any pets at home?" },
        { questionId: "q-parking", value: "Visitor bay 3", label: "Where can our cleaner park?" },
      ],
      notes: "Gate code 1234",
    });

    const card = screen.getByRole("region", { name: "Booking created. We’ve emailed your confirmation." });
    for (const text of ["YS-7K3F9Q", "Ada Lovelace", "A$260.00", "A$221.00", "Hourly Cleaning — 3 hours"]) {
      expect(within(card).getByText(text)).toBeTruthy();
    }
    expect(within(card).getByText(/^Pending/)).toBeTruthy();
    expect(within(card).getByText(/Wed 6 Mar 2030, 9:00 am/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.id).toBe("booking-result-title"));
    expect(screen.queryByRole("navigation", { name: "Booking steps" })).toBeNull();
  });

  it("submits a quote and returns home from the result card with Done", async () => {
    let path = "";
    server.use(http.post("/api/quotes", ({ request }) => {
      path = new URL(request.url).pathname;
      return HttpResponse.json(bookingRecord({ _id: "qt-9", reference: "YS-QT9ABC", type: "QUOTE", status: "QUOTE_REQUESTED" }), { status: 201 });
    }));
    const { user, router } = await openPage();
    await fillValidHourly(user);
    await user.click(screen.getByRole("button", { name: "Get Quote" }));
    const card = await screen.findByRole("region", { name: "Quote submitted. Please check your email for details." });
    expect(path).toBe("/api/quotes");
    expect(within(card).getByText("YS-QT9ABC")).toBeTruthy();
    expect(within(card).getByText("Quote requested")).toBeTruthy();
    // A blocked popup is explained instead of failing silently.
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    const alert = vi.fn();
    vi.stubGlobal("alert", alert);
    await user.click(within(card).getByRole("button", { name: "Print receipt" }));
    expect(open).toHaveBeenCalledWith("", "receipt", "width=720,height=900");
    expect(alert).toHaveBeenCalledWith("Please allow popups to print the receipt.");

    await user.click(within(card).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("disables both buttons while submitting, so a double click stores one booking", async () => {
    let calls = 0;
    let release!: () => void;
    server.use(http.post("/api/bookings", async () => {
      calls++;
      await new Promise<void>((resolve) => (release = resolve));
      return HttpResponse.json(bookingRecord(), { status: 201 });
    }));
    const { user } = await openPage();
    await fillValidHourly(user);
    const book = screen.getByRole("button", { name: "Book Now" });
    fireEvent.click(book);
    fireEvent.click(book);
    await waitFor(() => expect(screen.getByRole("button", { name: "Booking…" })).toHaveProperty("disabled", true));
    expect(screen.getByRole("button", { name: "Get Quote" })).toHaveProperty("disabled", true);
    await waitFor(() => expect(calls).toBe(1));
    release();
    expect(await screen.findByText("Booking created. We’ve emailed your confirmation.")).toBeTruthy();
    expect(calls).toBe(1);
  });

  it("shows the server's text in the banner and under the buttons, and reuses the key when retrying an unanswered attempt", async () => {
    const keys: (string | null)[] = [];
    let attempt = 0;
    server.use(http.post("/api/bookings", ({ request }) => {
      keys.push(request.headers.get("Idempotency-Key"));
      attempt++;
      if (attempt === 1) return HttpResponse.error();
      return HttpResponse.json({ error: "Bookings are paused for maintenance.", code: "PAUSED" }, { status: 400 });
    }));
    const { user } = await openPage();
    await fillValidHourly(user);
    await user.click(screen.getByRole("button", { name: "Book Now" }));
    const banner = await screen.findByRole("alert");
    expect(within(banner).getByText("Network error")).toBeTruthy();
    expect(within(banner).getByText("We couldn’t complete your booking right now. Please try again in a moment.")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Book Now" }));
    await waitFor(() =>
      expect(within(screen.getByRole("alert")).getByText("Bookings are paused for maintenance.")).toBeTruthy()
    );
    expect(within(section(/Review and Submit/)).getByText("Bookings are paused for maintenance.")).toBeTruthy();
    // The first attempt got no answer: the retry carries the same key, so it can never store twice.
    expect(keys[1]).toBe(keys[0]);

    await user.click(within(screen.getByRole("alert")).getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("falls back to the spec's failure texts when the server says nothing", async () => {
    server.use(
      http.post("/api/bookings", () => new HttpResponse(null, { status: 503 })),
      http.post("/api/quotes", () => new HttpResponse(null, { status: 500 })),
    );
    const { user } = await openPage();
    await fillValidHourly(user);
    await user.click(screen.getByRole("button", { name: "Book Now" }));
    const bookingFailed = "We couldn’t complete your booking right now. Please try again in a moment.";
    expect(within(await screen.findByRole("alert")).getByText(bookingFailed)).toBeTruthy();
    expect(within(screen.getByRole("alert")).getByText("Server error")).toBeTruthy();
    expect(within(section(/Review and Submit/)).getByText(bookingFailed)).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Get Quote" }));
    const quoteFailed = "We couldn’t submit your quote right now. Please try again in a moment.";
    await waitFor(() => expect(within(screen.getByRole("alert")).getByText(quoteFailed)).toBeTruthy());
    expect(within(section(/Review and Submit/)).getByText(quoteFailed)).toBeTruthy();
  });

  it("sends the customer back to the schedule when the slot was taken (409), and asks for the day's times again", async () => {
    const availability = availabilityFake();
    const start = slotInstant(firstBookableDate(), 9).toISOString();
    server.use(...catalogHandlers(CONTENT, SCHEDULING, availability));
    server.use(http.post("/api/bookings", () => {
      // Someone else took the time between the calendar's answer and Book Now.
      availability.taken.add(start);
      return HttpResponse.json(
        { error: "That time isn’t available. Please choose another.", code: "SLOT_UNAVAILABLE" },
        { status: 409 },
      );
    }));
    const { user } = await openPage();
    await fillValidHourly(user);
    const asked = availability.calls.length;
    await user.click(screen.getByRole("button", { name: "Book Now" }));
    const banner = await screen.findByRole("alert");
    expect(within(banner).getByText("That time isn’t available. Please choose another.")).toBeTruthy();
    expectFieldError(scheduleGroup(), "That time isn’t available. Please choose another.");
    await waitFor(() => expect(document.activeElement).toBe(scheduleGroup()));
    expect(scrolled.at(-1)?.id).toBe("booking-schedule");
    // Issue 34: said once in the schedule (its error), not again by the availability line under it.
    expect(within(section(/Schedule/)).getAllByText("That time isn’t available. Please choose another.")).toHaveLength(1);
    expect(
      within(section(/Schedule/)).getAllByRole("status").map((status) => status.textContent),
    ).not.toContain("That time isn’t available. Please choose another.");

    // The day's times come again: the taken one is no longer offered, and the choice is cleared.
    await waitFor(() => expect(offeredTimes()).not.toContain("9:00 am"));
    expect(availability.calls.length).toBeGreaterThan(asked);
    expect(offeredTimes()).toContain("10:00 am");
    expect(within(section(/Review and Submit/)).getByText("(to be decided)")).toBeTruthy();
    // The 409's message stays the one explanation.
    expect(screen.queryByText(/no longer free/)).toBeNull();
    expectFieldError(scheduleGroup(), "That time isn’t available. Please choose another.");
  });

  it("shows the server's field errors (422) under the fields", async () => {
    server.use(http.post("/api/bookings", () =>
      HttpResponse.json({
        error: "Please fix the highlighted fields, then try again.",
        code: "VALIDATION_FAILED",
        fieldErrors: {
          "address.postCode": ["Please enter a 4-digit postcode."],
          "extras.1.quantity": ["Quantity must be at least 1."],
        },
      }, { status: 422 })));
    const { user } = await openPage();
    await fillValidHourly(user);
    await user.click(await screen.findByRole("checkbox", { name: /Inside oven/ }));
    await user.click(screen.getByRole("checkbox", { name: /Interior windows/ }));
    await user.click(screen.getByRole("button", { name: "Book Now" }));
    await waitFor(() => expectFieldError(screen.getByLabelText(/^Postcode/), "Please enter a 4-digit postcode."));
    expectFieldError(screen.getByRole("checkbox", { name: /Interior windows/ }), "Quantity must be at least 1.");
    expect(within(screen.getByRole("alert")).getByText("Validation error")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Postcode/)));
  });

  it("says so when pricing cannot load", async () => {
    server.use(http.get("/api/services", () => new HttpResponse(null, { status: 500 })));
    await renderApp("/book-now");
    const message = "We couldn’t load pricing right now. Please refresh or try again shortly.";
    expect(await within(section(/Choose Service and Add-ons/)).findByText(message)).toBeTruthy();
    expect(within(priceBox()).getByText(message)).toBeTruthy();
  });

  it("says the questions could not load, with a retry, and still lets the customer book: Book Now asks for them once more", async () => {
    let questionsFail = true;
    let questionCalls = 0;
    const sent: { answers: unknown[] }[] = [];
    server.use(
      // Failing until told otherwise; then the usual catalogue handler answers.
      http.get("/api/questions", () => {
        questionCalls++;
        return questionsFail ? new HttpResponse(null, { status: 500 }) : undefined;
      }),
      http.post("/api/bookings", async ({ request }) => {
        sent.push(await request.json() as { answers: unknown[] });
        return HttpResponse.json(bookingRecord(), { status: 201 });
      }),
    );
    const { user } = await openPage();
    const questions = section(/Extra Questions/);
    const failed = await within(questions).findByRole("alert");
    // The spec's text, word for word (nothing after it says otherwise), with a Retry beside it.
    expect(failed.querySelector("p")?.textContent).toBe(
      "We couldn’t load the extra questions just now. You can still continue and try again later.",
    );
    expect(within(failed).getByRole("button", { name: "Retry" })).toBeTruthy();
    fillContactAndAddress();
    await chooseHourly(user);
    await chooseSlot(user);
    const book = screen.getByRole("button", { name: "Book Now" });
    expect(book).toHaveProperty("disabled", false);

    // The questions load at this second try: the required one is asked where the customer can see it.
    questionsFail = false;
    const before = questionCalls;
    await user.click(book);
    const access = await within(questions).findByRole("radiogroup", { name: /How will we get in\?/ });
    await waitFor(() => expectFieldError(access, "This question needs an answer."));
    expect(questionCalls).toBeGreaterThan(before);
    expect(within(screen.getAllByRole("alert")[0]).getByText(DRAFT_MESSAGES.banner)).toBeTruthy();
    await waitFor(() => expect(scrolled.at(-1)?.id).toBe("booking-questions"));
    expect(within(questions).queryByText(/couldn’t load the extra questions/)).toBeNull();
    expect(sent).toEqual([]);

    await user.click(within(access).getByRole("radio", { name: "Someone will be home" }));
    await user.click(screen.getByRole("button", { name: "Book Now" }));
    expect(await screen.findByText("Booking created. We’ve emailed your confirmation.")).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0].answers).toEqual([{ questionId: "q-access", value: "someone_home", label: "How will we get in?" }]);
  });

  it("books without the answers when the questions still can't be loaded at Book Now", async () => {
    let questionCalls = 0;
    const sent: { answers: unknown[] }[] = [];
    server.use(
      http.get("/api/questions", () => {
        questionCalls++;
        return new HttpResponse(null, { status: 503 });
      }),
      http.post("/api/bookings", async ({ request }) => {
        sent.push(await request.json() as { answers: unknown[] });
        return HttpResponse.json(bookingRecord(), { status: 201 });
      }),
    );
    const { user } = await openPage();
    await within(section(/Extra Questions/)).findByRole("alert");
    fillContactAndAddress();
    await chooseHourly(user);
    await chooseSlot(user);
    const before = questionCalls;
    await user.click(screen.getByRole("button", { name: "Book Now" }));
    expect(await screen.findByText("Booking created. We’ve emailed your confirmation.")).toBeTruthy();
    // Asked for once more (the global ones and the service's), then the booking went without answers.
    expect(questionCalls).toBe(before + 2);
    expect(sent).toHaveLength(1);
    expect(sent[0].answers).toEqual([]);
  });

  it("when the server wants answers to questions the page could not show, says so and loads them again", async () => {
    let questionsFail = true;
    let bookings = 0;
    server.use(
      http.get("/api/questions", () => (questionsFail ? new HttpResponse(null, { status: 500 }) : undefined)),
      http.post("/api/bookings", () => {
        bookings++;
        // The questions read again in the meantime: this page's next request gets them.
        questionsFail = false;
        return HttpResponse.json({
          error: "Please fix the highlighted fields, then try again.",
          code: "VALIDATION_FAILED",
          fieldErrors: { "answers.q-access": ["This question needs an answer."] },
        }, { status: 422 });
      }),
    );
    const { user } = await openPage();
    const questions = section(/Extra Questions/);
    await within(questions).findByRole("alert");
    fillContactAndAddress();
    await chooseHourly(user);
    await chooseSlot(user);
    await user.click(screen.getByRole("button", { name: "Book Now" }));
    expect(await within(questions).findByText(QUESTIONS_NEEDED_MESSAGE)).toBeTruthy();
    expect(bookings).toBe(1);
    // They arrive, with the server's message under the one it asked about.
    const access = await within(questions).findByRole("radiogroup", { name: /How will we get in\?/ });
    expectFieldError(access, "This question needs an answer.");
  });

  it("uses the default texts when content cannot load, and hides the comment box when disabled", async () => {
    server.use(http.get("/api/content", () => new HttpResponse(null, { status: 500 })));
    const first = await openPage();
    expect(screen.getByLabelText("General comments")).toBeTruthy();
    expect(screen.getByPlaceholderText("Any special instructions?")).toBeTruthy();
    expect(screen.getByText("Changes or cancellations within 24 hours may incur a 50% fee.")).toBeTruthy();
    first.unmount();

    server.use(http.get("/api/content", () => HttpResponse.json({ ...CONTENT, generalCommentEnabled: false })));
    await openPage();
    await screen.findByText("24 hours");
    expect(screen.queryByLabelText("Anything else?")).toBeNull();
    expect(screen.queryByLabelText("General comments")).toBeNull();
  });

  it("after a booking the price box shows the stored totals, no longer indicative", async () => {
    server.use(http.post("/api/bookings", () =>
      HttpResponse.json(bookingRecord({ frequencyCode: "ONE_TIME", frequencyNameAtBooking: "One-time", discountPercent: 0, recurringTotal: 260 }), {
        status: 201,
      })));
    const { user } = await openPage();
    await fillValidHourly(user);
    expect(within(priceBox()).getByText("Indicative only. Final totals confirmed on submit.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Book Now" }));
    const card = await screen.findByRole("region", { name: "Booking created. We’ve emailed your confirmation." });
    expect(within(priceBox()).queryByText(/Indicative only/)).toBeNull();
    expect(within(priceBox()).queryByText(/Final totals are confirmed on submit/)).toBeNull();
    expect(within(priceBox()).getByText("The totals of your booking, as we received it.")).toBeTruthy();
    expect(priceLines(priceBox())).toEqual({ Base: "A$165.00", Extras: "A$95.00", "First service": "A$260.00" });
    // A one-time clean: no recurring total, in the box or on the result card.
    expect(within(card).queryByText("Recurring")).toBeNull();
    // And the mobile bar (First service) goes with the form.
    expect(document.querySelector(".booking-bottom-bar")).toBeNull();
  });

  it("gives every link on the page a real address (Lighthouse's crawlable-anchors)", async () => {
    await openPage();
    const links = [...document.querySelectorAll("a")];
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) {
      const href = link.getAttribute("href") ?? "";
      expect(href, link.outerHTML).not.toBe("");
      expect(href, link.outerHTML).not.toMatch(/^(javascript:|file:)/);
      expect(() => new URL(href, "https://example.test/book-now"), link.outerHTML).not.toThrow();
    }
  });

  it("reviews the draft: '(to be decided)' until a time is chosen, then the Melbourne time", async () => {
    const { user } = await openPage();
    const review = section(/Review and Submit/);
    expect(within(review).getByText("(to be decided)")).toBeTruthy();
    fillContactAndAddress();
    fill(/^Unit/, "4");
    await user.click(screen.getByRole("radio", { name: new RegExp(BEDROOMS.name) }));
    await user.selectOptions(await screen.findByLabelText(/^Bedrooms/), "2");
    await chooseSlot(user, firstBookableDate(), "2:00 pm");
    expect(within(review).getByText(formatMelbourneDateTime(slotInstant(firstBookableDate(), 14)))).toBeTruthy();
    expect(within(review).getByText("Regular Clean — 2 bedrooms")).toBeTruthy();
    expect(within(review).getByText(/4\/12 Smith St/)).toBeTruthy();
    expect(within(review).getByText(/ada@example.com/)).toBeTruthy();
  });
});
