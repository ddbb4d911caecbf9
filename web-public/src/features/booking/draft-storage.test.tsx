/** The draft kept in sessionStorage (issue 14) and `/book-now?service=<slug>`. */
import { screen, waitFor, within } from "@testing-library/react";
import { slotInstant } from "@yarra/core/booking/capacity/scheduling.ts";
import { formatMelbourneDateTime } from "@yarra/core/shared/melbourne-time.ts";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { server } from "../../test/server.ts";
import { BEDROOMS, bookingRecord, catalogHandlers, firstBookableDate, HOURLY } from "./booking-test-fixtures.ts";
import { chooseHourly, fill, fillContactAndAddress, getDay, openPage, pickDay, pickTime, showMonthOf } from "./booking.test-helper.tsx";
import { EMPTY_FORM } from "./booking-draft.ts";
import { DRAFT_STORAGE_KEY, formFromStored, readStoredDraft } from "./draft-storage.ts";

beforeEach(() => {
  server.use(...catalogHandlers());
  sessionStorage.clear();
  vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(() => {});
});

const review = () => screen.getByRole("region", { name: /Review and Submit/ });
const inputValue = (label: RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe("the booking draft in sessionStorage", { timeout: 30_000 }, () => {
  it("comes back after Back or reload, as it was left", async () => {
    const first = firstBookableDate();
    const view = await openPage("/book-now", first);
    const { user } = view;
    fillContactAndAddress();
    fill(/^Unit/, "4");
    await chooseHourly(user, "3");
    await user.click(await screen.findByRole("checkbox", { name: /Inside oven/ }));
    await pickDay(user, first);
    await pickTime(user, "10:00 am");
    await user.click(screen.getByRole("radio", { name: /Weekly/ }));
    await user.click(await screen.findByRole("radio", { name: "Lockbox" }));
    fill(/Anything else\?/, "Gate code 1234");
    await waitFor(() => expect(readStoredDraft()?.form.notes).toBe("Gate code 1234"));
    view.unmount();

    // The page again, as after a reload in the same tab.
    await openPage("/book-now", first);
    await waitFor(() => expect(inputValue(/^First name/)).toBe("Ada"));
    expect(inputValue(/^Email/)).toBe("ada@example.com");
    expect(inputValue(/^Unit/)).toBe("4");
    expect(inputValue(/^Postcode/)).toBe("3065");
    expect(screen.getByRole("radio", { name: /Hourly Cleaning/ })).toHaveProperty("checked", true);
    expect(inputValue(/^Hours/)).toBe("3");
    expect(await screen.findByRole("checkbox", { name: /Inside oven/ })).toHaveProperty("checked", true);
    expect(screen.getByRole("radio", { name: /Weekly/ })).toHaveProperty("checked", true);
    expect(await screen.findByRole("radio", { name: "Lockbox" })).toHaveProperty("checked", true);
    expect(inputValue(/Anything else\?/)).toBe("Gate code 1234");
    // The day and time too, still offered by the calendar.
    await showMonthOf(view.user, first);
    expect(getDay(first).getAttribute("aria-label")).toMatch(/, selected$/);
    expect((await screen.findByRole("button", { name: "10:00 am" })).getAttribute("aria-pressed")).toBe("true");
    expect(within(review()).getByText(formatMelbourneDateTime(slotInstant(first, 10)))).toBeTruthy();
  });

  it("is cleared by a successful booking, and nothing is stored after it", async () => {
    server.use(http.post("/api/bookings", () => HttpResponse.json(bookingRecord(), { status: 201 })));
    const first = firstBookableDate();
    const view = await openPage("/book-now", first);
    const { user } = view;
    fillContactAndAddress();
    await chooseHourly(user);
    await pickDay(user, first);
    await pickTime(user, "9:00 am");
    await user.click(await screen.findByRole("radio", { name: "Someone will be home" }));
    await waitFor(() => expect(readStoredDraft()?.form.startTimeISO).toBe(slotInstant(first, 9).toISOString()));
    await user.click(screen.getByRole("button", { name: "Book Now" }));
    expect(await screen.findByText("Booking created. We’ve emailed your confirmation.")).toBeTruthy();
    expect(sessionStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
    // The result stays on screen a while; still nothing is written.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sessionStorage.length).toBe(0);
    view.unmount();

    await openPage("/book-now", first);
    await waitFor(() => expect(screen.getByRole("button", { name: "Book Now" })).toBeTruthy());
    expect(inputValue(/^First name/)).toBe("");
    expect(screen.getByRole("radio", { name: /Hourly Cleaning/ })).toHaveProperty("checked", false);
  });

  it("is cleared by a successful quote too", async () => {
    server.use(http.post("/api/quotes", () =>
      HttpResponse.json(bookingRecord({ _id: "qt-1", type: "QUOTE", status: "QUOTE_REQUESTED" }), { status: 201 })));
    const first = firstBookableDate();
    const { user } = await openPage("/book-now", first);
    fillContactAndAddress();
    await chooseHourly(user);
    await pickDay(user, first);
    await pickTime(user, "9:00 am");
    await user.click(await screen.findByRole("radio", { name: "Someone will be home" }));
    await waitFor(() => expect(readStoredDraft()).not.toBeNull());
    await user.click(screen.getByRole("button", { name: "Get Quote" }));
    expect(await screen.findByText("Quote submitted. Please check your email for details.")).toBeTruthy();
    expect(sessionStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
  });

  it("ignores a stored value it cannot read, and mends a partly broken one", async () => {
    sessionStorage.setItem(DRAFT_STORAGE_KEY, "{not json");
    expect(readStoredDraft()).toBeNull();
    const view = await openPage("/book-now", firstBookableDate());
    expect(inputValue(/^First name/)).toBe("");
    view.unmount();

    expect(formFromStored({ firstName: 7, extras: [{ extraId: "x", quantity: 0 }], address: null, hours: "3" }))
      .toEqual({ ...EMPTY_FORM });
    expect(formFromStored({ servicePricingModel: "WEEKLY", answers: { q: ["a", 1], r: "b", s: 2 } }))
      .toMatchObject({ servicePricingModel: null, answers: { q: ["a"], r: "b" } });
  });

  it("unchooses a kept service that is no longer offered", async () => {
    sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({
      form: { ...EMPTY_FORM, firstName: "Ada", serviceId: "svc-withdrawn", servicePricingModel: "FIXED", serviceName: "Old" },
    }));
    await openPage("/book-now", firstBookableDate());
    await waitFor(() => expect(inputValue(/^First name/)).toBe("Ada"));
    await waitFor(() => expect(readStoredDraft()?.form.serviceId).toBe(""));
    expect(screen.getAllByRole("radio", { name: /Cleaning|Clean/ }).some((radio) => (radio as HTMLInputElement).checked))
      .toBe(false);
    expect(within(review()).getByText("Service").nextElementSibling?.textContent).toBe("—");
  });
});

describe("/book-now?service=<slug>", { timeout: 30_000 }, () => {
  it("chooses that service", async () => {
    await openPage(`/book-now?service=${BEDROOMS.slug}`);
    await waitFor(() => expect(screen.getByRole("radio", { name: /Regular Clean/ })).toHaveProperty("checked", true));
    expect(await screen.findByLabelText(/^Bedrooms/)).toBeTruthy();
  });

  it("chooses nothing for an unknown or malformed slug", async () => {
    const view = await openPage("/book-now?service=no-such-service");
    // Give the catalogue time to arrive (the radios are there), then nothing is chosen.
    await screen.findByLabelText(/^First name/);
    expect(screen.getAllByRole("radio", { name: /Cleaning|Clean/ }).some((radio) => (radio as HTMLInputElement).checked))
      .toBe(false);
    view.unmount();

    const { router } = await openPage("/book-now?service=%3Cscript%3E");
    expect(router.state.matches.at(-1)?.search).toMatchObject({ service: undefined });
    expect(screen.getAllByRole("radio", { name: /Cleaning|Clean/ }).some((radio) => (radio as HTMLInputElement).checked))
      .toBe(false);
  });

  it("does not undo the customer's own choice on reload", async () => {
    const view = await openPage(`/book-now?service=${HOURLY.slug}`);
    const { user } = view;
    await waitFor(() => expect(screen.getByRole("radio", { name: /Hourly Cleaning/ })).toHaveProperty("checked", true));
    await user.click(screen.getByRole("radio", { name: /Regular Clean/ }));
    await user.selectOptions(await screen.findByLabelText(/^Bedrooms/), "2");
    await waitFor(() => expect(readStoredDraft()?.form.bedrooms).toBe(2));
    view.unmount();

    await openPage(`/book-now?service=${HOURLY.slug}`);
    await waitFor(() => expect(screen.getByRole("radio", { name: /Regular Clean/ })).toHaveProperty("checked", true));
    expect(inputValue(/^Bedrooms/)).toBe("2");
  });
});
