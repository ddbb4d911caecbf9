/** The service area on /book-now (issue 14): outside it the form offers a quote request instead. */
import { screen, waitFor, within } from "@testing-library/react";
import { OUTSIDE_SERVICE_AREA_MESSAGE } from "@yarra/core/settings/service-area.ts";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { server } from "../../test/server.ts";
import { bookingRecord, catalogHandlers, CONTENT, firstBookableDate, SCHEDULING } from "./booking-test-fixtures.ts";
import {
  chooseHourly,
  descriptionOf,
  expectFieldError,
  fill,
  fillContactAndAddress,
  openPage,
  pickDay,
  pickTime,
} from "./booking.test-helper.tsx";
import { quoteOnlyText } from "./booking-form.tsx";

beforeEach(() => {
  sessionStorage.clear();
  vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(() => {});
});

const review = () => screen.getByRole("region", { name: /Review and Submit/ });

describe("the service area", { timeout: 30_000 }, () => {
  it("says so beside a postcode outside it, and offers a quote request instead of Book Now", async () => {
    server.use(...catalogHandlers(CONTENT, { ...SCHEDULING, serviceArea: { postcodes: ["3000-3207", "3930"] } }));
    let quotes = 0;
    server.use(
      http.post("/api/quotes", () => {
        quotes++;
        return HttpResponse.json(bookingRecord({ _id: "qt-2", type: "QUOTE", status: "QUOTE_REQUESTED" }), { status: 201 });
      }),
      http.post("/api/bookings", () => HttpResponse.json({ error: "unexpected" }, { status: 500 })),
    );
    const first = firstBookableDate();
    const { user } = await openPage("/book-now", first);
    fillContactAndAddress();
    const postcode = screen.getByLabelText(/^Postcode/);
    // 3065 is inside the area: a booking as usual.
    expect(descriptionOf(postcode)).not.toContain(OUTSIDE_SERVICE_AREA_MESSAGE);
    expect(within(review()).getByRole("button", { name: "Book Now" })).toBeTruthy();

    fill(/^Postcode/, "3999");
    expect(descriptionOf(postcode)).toContain(OUTSIDE_SERVICE_AREA_MESSAGE);
    // Not an error: a quote is still welcome from there.
    expect(postcode.getAttribute("aria-invalid")).toBeNull();
    expect(within(review()).queryByRole("button", { name: "Book Now" })).toBeNull();
    expect(within(review()).queryByRole("button", { name: "Get Quote" })).toBeNull();
    expect(within(review()).getByText(quoteOnlyText("3999"))).toBeTruthy();

    await chooseHourly(user);
    await pickDay(user, first);
    await pickTime(user, "9:00 am");
    await user.click(await screen.findByRole("radio", { name: "Someone will be home" }));
    await user.click(within(review()).getByRole("button", { name: "Request a quote" }));
    expect(await screen.findByText("Quote submitted. Please check your email for details.")).toBeTruthy();
    expect(quotes).toBe(1);
  });

  it("judges only a full postcode, and brings Book Now back inside the area", async () => {
    server.use(...catalogHandlers(CONTENT, { ...SCHEDULING, serviceArea: { postcodes: ["3121"] } }));
    await openPage("/book-now", firstBookableDate());
    fill(/^Postcode/, "39");
    expect(descriptionOf(screen.getByLabelText(/^Postcode/))).not.toContain(OUTSIDE_SERVICE_AREA_MESSAGE);
    expect(within(review()).getByRole("button", { name: "Book Now" })).toBeTruthy();
    fill(/^Postcode/, "3122");
    expect(descriptionOf(screen.getByLabelText(/^Postcode/))).toContain(OUTSIDE_SERVICE_AREA_MESSAGE);
    fill(/^Postcode/, "3121");
    expect(descriptionOf(screen.getByLabelText(/^Postcode/))).not.toContain(OUTSIDE_SERVICE_AREA_MESSAGE);
    expect(within(review()).getByRole("button", { name: "Book Now" })).toBeTruthy();
  });

  it("shows the server's refusal (422 on address.postCode) on the postcode field", async () => {
    // The page's list says everywhere (e.g. changed since it loaded); the server refuses.
    server.use(
      ...catalogHandlers(),
      http.post("/api/bookings", () =>
        HttpResponse.json({
          error: "Please fix the highlighted fields, then try again.",
          code: "VALIDATION_FAILED",
          fieldErrors: { "address.postCode": [OUTSIDE_SERVICE_AREA_MESSAGE] },
        }, { status: 422 })),
    );
    const first = firstBookableDate();
    const { user } = await openPage("/book-now", first);
    fillContactAndAddress();
    await chooseHourly(user);
    await pickDay(user, first);
    await pickTime(user, "9:00 am");
    await user.click(await screen.findByRole("radio", { name: "Someone will be home" }));
    await user.click(screen.getByRole("button", { name: "Book Now" }));
    await waitFor(() => expectFieldError(screen.getByLabelText(/^Postcode/), OUTSIDE_SERVICE_AREA_MESSAGE));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Postcode/)));
  });
});
