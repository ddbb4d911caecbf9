/** The office's booking screens (issue 16): New booking, Edit booking with its Before / After, Convert to booking. */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { priceDraft } from "@yarra/core/booking/pricing/pricing.ts";
import type { Extra, Frequency, Service } from "@yarra/core/catalog/types.ts";
import { formatAud } from "@yarra/core/shared/money.ts";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UNSAVED_PROMPT } from "../../lib/unsaved-changes.ts";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import type { BookingDto } from "./staff-booking-form.ts";
import { aStoredBooking, FREQUENCIES, FRIDGE, HOURLY, OVEN, serveCatalogue } from "./test-fixtures.ts";

/** Sunday 22 Nov 2026, 11:00 in Melbourne: the public form's earliest day is Thursday 26 Nov. */
const NOW = new Date("2026-11-22T00:00:00.000Z");
const SLOT_TAKEN = "That time isn’t available. Please choose another.";

let sent: { method: string; path: string; body: unknown }[];

/** Records each staff write, answering with `answer`; the record page a save lands on has what it reads. */
function serveWrites(answer: (body: Record<string, unknown>, path: string) => Response) {
  const record = async ({ request }: { request: Request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    const path = new URL(request.url).pathname;
    sent.push({ method: request.method, path, body });
    return answer(body, path);
  };
  server.use(
    http.post("/api/admin/bookings", record),
    http.patch("/api/admin/bookings/:id", record),
    http.post("/api/admin/bookings/:id/convert", record),
    http.get("/api/admin/bookings/:id/payments", () => HttpResponse.json({ items: [], paidToDate: 0, balance: 0, paymentStatus: "UNPAID" })),
    // The job's feedback panel (issue 32; features/feedback tests it).
    http.get("/api/admin/bookings/:id/feedback", () => HttpResponse.json({ feedback: null })),
    // Who is on the job (issue 31; features/attendance tests it).
    http.get("/api/admin/bookings/:id/attendance", () => HttpResponse.json({ items: [] })),
    http.get("/api/admin/cleaners", () => HttpResponse.json({ items: [] })),
  );
}

const serveRecord = (booking: BookingDto) =>
  server.use(http.get(`/api/admin/bookings/${booking._id}`, () => HttpResponse.json(booking)));

const price = () => within(screen.getByRole("region", { name: /price/i }));
const totalOf = (label: string) => price().getByText(label).nextElementSibling?.textContent;

beforeEach(() => {
  sent = [];
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  storeSession();
  serveCatalogue();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Types into a text field in one change (user.type is slow, and what is tested here is the form, not typing). */
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function fillNewBooking(user: ReturnType<typeof renderAdmin>["user"]) {
  await user.selectOptions(await screen.findByLabelText("Service"), "s1");
  await user.selectOptions(screen.getByLabelText("Hours"), "3");
  await user.click(await screen.findByRole("checkbox", { name: /Inside oven/ }));
  fill("How many: Inside oven", "2");
  await user.selectOptions(screen.getByLabelText("Frequency"), "WEEKLY");
  // Tuesday 24 Nov: inside the public lead time; the office may book it.
  fill("Date", "2026-11-24");
  fill("Start time", "09:00");
  fill("First name", "Ada");
  fill("Last name", "Lovelace");
  fill("Email", "ada@example.com");
  fill("Phone", "0412 345 678");
  fill("Street", "12 Smith St");
  fill("Suburb", "Fitzroy");
  fill("Postcode", "3065");
  await user.selectOptions(await screen.findByLabelText("Any pets? *"), "dog");
}

describe("New booking", () => {
  it("prices live with core's priceDraft, then sends the public draft with notifyCustomer and opens the booking", async () => {
    serveWrites(() => HttpResponse.json(aStoredBooking({ _id: "b9" }), { status: 201 }));
    serveRecord(aStoredBooking({ _id: "b9" }));
    const { user, history } = renderAdmin("/admin/bookings/new");
    expect(await screen.findByRole("heading", { name: "New booking", level: 1 })).toBeTruthy();
    expect(within(await screen.findByRole("region", { name: "Price" })).getByText("Choose a service and its size to see the price.")).toBeTruthy();

    await fillNewBooking(user);
    const expected = priceDraft(
      { serviceId: "s1", hours: 3, extras: [{ extraId: "e1", quantity: 2 }], frequencyCode: "WEEKLY" },
      { services: [HOURLY as unknown as Service], extras: [FRIDGE, OVEN] as unknown as Extra[], frequencies: FREQUENCIES as Frequency[] },
    );
    if (!expected.ok) throw new Error("the fixture draft should price");
    expect(totalOf("Base")).toBe(formatAud(expected.value.totals.baseAmount));
    expect(totalOf("First service")).toBe("A$235.00");
    expect(totalOf("Recurring")).toBe("A$211.50");
    expect(totalOf("Job length")).toBe("4 hours");

    await user.click(screen.getByRole("button", { name: "Create booking" }));
    await waitFor(() => expect(history.location.pathname).toBe("/admin/bookings/b9"));
    expect(sent).toHaveLength(1);
    expect(sent[0].path).toBe("/api/admin/bookings");
    expect(sent[0].body).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      phone: "0412 345 678",
      address: { street: "12 Smith St", suburb: "Fitzroy", state: "VIC", postCode: "3065" },
      serviceId: "s1",
      servicePricingModel: "HOURLY",
      hours: 3,
      bedrooms: null,
      extras: [{ extraId: "e1", quantity: 2 }],
      startTimeISO: "2026-11-23T22:00:00.000Z",
      frequencyCode: "WEEKLY",
      answers: [{ questionId: "q1", value: "dog", label: "Any pets?" }],
      notes: "",
      status: "PENDING",
      notifyCustomer: true,
    });
  });

  it("books a quarter hour; an evening start needs the “Outside working hours” tick, which is sent (issue 28)", async () => {
    serveWrites(() => HttpResponse.json(aStoredBooking({ _id: "b9" }), { status: 201 }));
    serveRecord(aStoredBooking({ _id: "b9" }));
    const { user, history } = renderAdmin("/admin/bookings/new");
    await fillNewBooking(user);
    const time = screen.getByLabelText("Start time") as HTMLInputElement;
    expect([time.type, time.step]).toEqual(["time", "900"]);
    fill("Start time", "18:00");
    await user.click(screen.getByRole("button", { name: "Create booking" }));
    expect(await screen.findByText("Please choose a start time on the quarter hour between 8:00 and 16:00, or tick “Outside working hours”.")).toBeTruthy();
    expect(sent).toEqual([]);

    await user.click(screen.getByRole("checkbox", { name: "Outside working hours" }));
    await user.click(screen.getByRole("button", { name: "Create booking" }));
    await waitFor(() => expect(history.location.pathname).toBe("/admin/bookings/b9"));
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({ startTimeISO: "2026-11-24T07:00:00.000Z", allowOutsideHours: true, notifyCustomer: true });
  });

  it("sends a 10:30 start as it is, without the tick", async () => {
    serveWrites(() => HttpResponse.json(aStoredBooking({ _id: "b9" }), { status: 201 }));
    serveRecord(aStoredBooking({ _id: "b9" }));
    const { user, history } = renderAdmin("/admin/bookings/new");
    await fillNewBooking(user);
    fill("Start time", "10:30");
    await user.click(screen.getByRole("button", { name: "Create booking" }));
    await waitFor(() => expect(history.location.pathname).toBe("/admin/bookings/b9"));
    const body = sent[0].body as Record<string, unknown>;
    expect(body.startTimeISO).toBe("2026-11-23T23:30:00.000Z");
    expect("allowOutsideHours" in body).toBe(false);
  });

  it("shows core's messages beside the fields and sends nothing while the draft is incomplete", async () => {
    serveWrites(() => HttpResponse.json({}, { status: 500 }));
    const { user } = renderAdmin("/admin/bookings/new");
    await user.click(await screen.findByRole("button", { name: "Create booking" }));
    expect(await screen.findByText("Please choose a service.")).toBeTruthy();
    expect(screen.getByText("Please enter your first name.")).toBeTruthy();
    expect(screen.getByText("Please select a date and start time.")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("Please fix the highlighted fields, then try again.");
    expect(screen.getByLabelText("First name").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Please enter your first name.").id).toBe(screen.getByLabelText("First name").getAttribute("aria-describedby"));
    // The first field in error, in the page's order, takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Service")));
    expect(sent).toEqual([]);

    // Yesterday: the office may book inside the lead time, never in the past.
    fill("Date", "2026-11-21");
    fill("Start time", "09:00");
    await user.click(screen.getByRole("button", { name: "Create booking" }));
    expect(await screen.findByText("Please choose a time from today onward.")).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("shows the server's field errors, and lets a superadmin book a full time anyway", async () => {
    let calls = 0;
    serveWrites((body) => {
      calls += 1;
      if (calls === 1) {
        return HttpResponse.json({
          error: "Please fix the highlighted fields, then try again.",
          code: "VALIDATION_FAILED",
          fieldErrors: { "address.postCode": ["Sorry, we don’t clean at that postcode yet."] },
        }, { status: 422 });
      }
      if (!body.overrideCapacity) return HttpResponse.json({ error: SLOT_TAKEN, code: "SLOT_UNAVAILABLE" }, { status: 409 });
      return HttpResponse.json(aStoredBooking({ _id: "b9" }), { status: 201 });
    });
    serveRecord(aStoredBooking({ _id: "b9" }));
    storeSession({ role: "superadmin" });
    const { user, history } = renderAdmin("/admin/bookings/new");
    await fillNewBooking(user);
    await user.click(screen.getByLabelText("E-mail the customer the booking (with a calendar invite)"));

    await user.click(screen.getByRole("button", { name: "Create booking" }));
    expect(await screen.findByText("Sorry, we don’t clean at that postcode yet.")).toBeTruthy();
    expect(screen.getByLabelText("Postcode").getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Postcode")));

    await user.click(screen.getByRole("button", { name: "Create booking" }));
    expect(await screen.findByText(SLOT_TAKEN)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Book anyway (override capacity)" }));
    await waitFor(() => expect(history.location.pathname).toBe("/admin/bookings/b9"));
    expect(sent.map((s) => [(s.body as { notifyCustomer: boolean }).notifyCustomer, (s.body as { overrideCapacity?: boolean }).overrideCapacity]))
      .toEqual([[false, undefined], [false, undefined], [false, true]]);
  });

  it("marks an add-on's quantity in error, ties its message to it and takes the focus there", async () => {
    serveWrites(() => HttpResponse.json({}, { status: 500 }));
    const { user } = renderAdmin("/admin/bookings/new");
    await fillNewBooking(user);
    fill("How many: Inside oven", "0");
    await user.click(screen.getByRole("button", { name: "Create booking" }));
    const quantity = screen.getByLabelText("How many: Inside oven");
    const message = await screen.findByText("Quantity must be at least 1.");
    expect(quantity.getAttribute("aria-invalid")).toBe("true");
    expect(quantity.getAttribute("aria-describedby")).toBe(message.id);
    await waitFor(() => expect(document.activeElement).toBe(quantity));
    expect(sent).toEqual([]);
  });

  it("asks before leaving a booking begun, and not once it is back as it was", async () => {
    window.confirm ??= () => false;
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    const { user, history } = renderAdmin("/admin/bookings/new");
    fireEvent.change(await screen.findByLabelText("First name"), { target: { value: "Ada" } });
    await user.click(screen.getByRole("link", { name: "Back to bookings" }));
    expect(confirm).toHaveBeenCalledWith(UNSAVED_PROMPT);
    expect(history.location.pathname).toBe("/admin/bookings/new");

    confirm.mockClear();
    fill("First name", "");
    server.use(http.get("/api/admin/bookings", () => HttpResponse.json({ items: [], page: 1, totalPages: 1, totalItems: 0 })));
    await user.click(screen.getByRole("link", { name: "Back to bookings" }));
    await waitFor(() => expect(history.location.pathname).toBe("/admin/bookings"));
    expect(confirm).not.toHaveBeenCalled();
  });

  it("offers the override to superadmins only", async () => {
    serveWrites(() => HttpResponse.json({ error: SLOT_TAKEN, code: "SLOT_UNAVAILABLE" }, { status: 409 }));
    const { user } = renderAdmin("/admin/bookings/new");
    await fillNewBooking(user);
    await user.click(screen.getByRole("button", { name: "Create booking" }));
    expect(await screen.findByText(SLOT_TAKEN)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Book anyway (override capacity)" })).toBeNull();
  });
});

describe("Edit booking", () => {
  it("shows the booking, re-prices a size change live, previews Before / After, then saves only the change", async () => {
    const booking = aStoredBooking();
    const after = aStoredBooking({ hours: 4, baseAmount: 220, firstServiceTotal: 290, recurringTotal: 261, endTime: "2026-11-24T03:00:00.000Z" });
    serveRecord(booking);
    serveWrites((body) => HttpResponse.json(body.preview ? { before: booking, after, priceChanged: true } : after));
    const { user, history } = renderAdmin("/admin/bookings/b1/edit");
    expect(await screen.findByRole("heading", { name: "Edit booking", level: 1 })).toBeTruthy();
    expect((await screen.findByLabelText("First name") as HTMLInputElement).value).toBe("Olivia");
    expect((screen.getByLabelText("Date") as HTMLInputElement).value).toBe("2026-11-24");
    expect((screen.getByLabelText("Start time") as HTMLInputElement).value).toBe("09:00");
    expect(screen.getByRole("heading", { name: "Price as booked" })).toBeTruthy();
    expect(totalOf("First service")).toBe("A$235.00");
    expect((screen.getByRole("button", { name: "Review changes" }) as HTMLButtonElement).disabled).toBe(true);

    await user.selectOptions(await screen.findByLabelText("Hours"), "4");
    expect(screen.getByRole("heading", { name: "New price (today’s catalogue)" })).toBeTruthy();
    expect(totalOf("Base")).toBe("A$220.00");
    expect(totalOf("Job length")).toBe("5 hours");

    await user.click(screen.getByRole("button", { name: "Review changes" }));
    const review = await screen.findByRole("region", { name: "Before / After" });
    const firstService = within(review).getByRole("row", { name: /First service/ });
    expect(within(firstService).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["A$235.00", "A$290.00"]);
    expect(within(review).getByText("The price changes: it is worked out again from the catalogue as it is now.")).toBeTruthy();
    expect(sent).toEqual([{ method: "PATCH", path: "/api/admin/bookings/b1", body: { hours: 4, preview: true } }]);

    await user.click(within(review).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(history.location.pathname).toBe("/admin/bookings/b1"));
    expect(sent[1]).toEqual({ method: "PATCH", path: "/api/admin/bookings/b1", body: { hours: 4, notifyCustomer: true } });
  });

  it("moves a booking without e-mailing the customer; a change after the review asks for a new one", async () => {
    const booking = aStoredBooking();
    const moved = aStoredBooking({ startTime: "2026-11-24T00:00:00.000Z", endTime: "2026-11-24T04:00:00.000Z" });
    serveRecord(booking);
    serveWrites((body) => HttpResponse.json(body.preview ? { before: booking, after: moved, priceChanged: false } : moved));
    const { user, history } = renderAdmin("/admin/bookings/b1/edit");
    fireEvent.change(await screen.findByLabelText("Start time"), { target: { value: "11:00" } });
    await user.click(screen.getByLabelText("E-mail the customer what changed (with the updated calendar invite)"));
    await user.click(screen.getByRole("button", { name: "Review changes" }));
    const review = await screen.findByRole("region", { name: "Before / After" });
    expect(within(review).getByText("The price stays the same.")).toBeTruthy();

    await user.type(screen.getByLabelText("Notes"), "!");
    expect(screen.queryByRole("region", { name: "Before / After" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Review changes" }));
    await user.click(within(await screen.findByRole("region", { name: "Before / After" })).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(history.location.pathname).toBe("/admin/bookings/b1"));
    expect(sent.at(-1)?.body).toEqual({ startTimeISO: "2026-11-24T00:00:00.000Z", notes: "Key under the mat!", notifyCustomer: false });
  });

  it("keeps the office's own notes beside the customer's, shown as stored and sent alone when only they change", async () => {
    const booking = aStoredBooking({ officeNotes: "Bring the ladder" });
    serveRecord(booking);
    serveWrites((body) => HttpResponse.json(body.preview ? { before: booking, after: { ...booking, ...body }, priceChanged: false } : { ...booking, ...body }));
    const { user, history } = renderAdmin("/admin/bookings/b1/edit");
    const office = await screen.findByLabelText("Office notes");
    expect((office as HTMLTextAreaElement).value).toBe("Bring the ladder");
    expect(office.getAttribute("maxlength")).toBe("2000");
    expect(screen.getByText("Seen by the office and on the run sheet; never shown or sent to the customer.")).toBeTruthy();
    fill("Office notes", "Bring the tall ladder");
    await user.click(screen.getByRole("button", { name: "Review changes" }));
    await user.click(within(await screen.findByRole("region", { name: "Before / After" })).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(history.location.pathname).toBe("/admin/bookings/b1"));
    expect(sent.at(-1)?.body).toEqual({ officeNotes: "Bring the tall ladder", notifyCustomer: true });
  });

  it("a frequency that starts or ends a regular clean says so in the review, before Save (issue 28)", async () => {
    // A one-off made Weekly starts one.
    const oneOff = aStoredBooking({ frequencyCode: "ONE_TIME", seriesId: null });
    serveRecord(oneOff);
    serveWrites((body) => HttpResponse.json(body.preview ? { before: oneOff, after: oneOff, priceChanged: true } : oneOff));
    const { user, unmount } = renderAdmin("/admin/bookings/b1/edit");
    await user.selectOptions(await screen.findByLabelText("Frequency"), "WEEKLY");
    await user.click(screen.getByRole("button", { name: "Review changes" }));
    const starts = await screen.findByRole("region", { name: "Before / After" });
    expect(within(starts).getByRole("status").textContent).toMatch(/^Saving makes this a regular clean \(Weekly\)/);
    unmount();

    // A visit of a regular clean made One time ends it after that visit.
    const visit = aStoredBooking({ frequencyCode: "WEEKLY", seriesId: "sr1" });
    serveRecord(visit);
    serveWrites((body) => HttpResponse.json(body.preview ? { before: visit, after: visit, priceChanged: true } : visit));
    const second = renderAdmin("/admin/bookings/b1/edit");
    await second.user.selectOptions(await screen.findByLabelText("Frequency"), "ONE_TIME");
    await second.user.click(screen.getByRole("button", { name: "Review changes" }));
    const ends = await screen.findByRole("region", { name: "Before / After" });
    expect(within(ends).getByRole("status").textContent).toBe(
      "Saving ends this regular clean after this visit: its later visits are cancelled and the customer is told (if e-mailed).",
    );
  });

  it("a save the server refuses shows its messages by the fields; whom to e-mail is no change that needs a new review", async () => {
    const booking = aStoredBooking();
    serveRecord(booking);
    serveWrites((body) =>
      body.preview
        ? HttpResponse.json({ before: booking, after: booking, priceChanged: false })
        : HttpResponse.json({
          error: "Please fix the highlighted fields, then try again.",
          code: "VALIDATION_FAILED",
          fieldErrors: { "address.postCode": ["Sorry, we don’t clean at that postcode yet."] },
        }, { status: 422 })
    );
    const { user } = renderAdmin("/admin/bookings/b1/edit");
    fireEvent.change(await screen.findByLabelText("Postcode"), { target: { value: "3999" } });
    await user.click(screen.getByRole("button", { name: "Review changes" }));
    const review = await screen.findByRole("region", { name: "Before / After" });
    await user.click(screen.getByLabelText("E-mail the customer what changed (with the updated calendar invite)"));
    expect(screen.getByRole("region", { name: "Before / After" })).toBe(review);

    await user.click(within(review).getByRole("button", { name: "Save changes" }));
    const postcode = screen.getByLabelText("Postcode");
    expect(await screen.findByText("Sorry, we don’t clean at that postcode yet.")).toBeTruthy();
    expect(postcode.getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(postcode));
    expect(screen.getByRole("alert").textContent).toBe("Please fix the highlighted fields, then try again.");
    expect(sent.at(-1)?.body).toEqual({ address: { unit: "4", street: "12 Chapel St", suburb: "Richmond", state: "VIC", postCode: "3999" }, notifyCustomer: false });
  });

  it("a time the server refuses shows its message, and no Before / After", async () => {
    serveRecord(aStoredBooking());
    serveWrites(() => HttpResponse.json({ error: SLOT_TAKEN, code: "SLOT_UNAVAILABLE" }, { status: 409 }));
    const { user } = renderAdmin("/admin/bookings/b1/edit");
    fireEvent.change(await screen.findByLabelText("Start time"), { target: { value: "10:00" } });
    await user.click(screen.getByRole("button", { name: "Review changes" }));
    expect(await screen.findByText(SLOT_TAKEN)).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Before / After" })).toBeNull();
  });
});

describe("Convert to booking", () => {
  it("locks a quote's size and converts it at its saved time, e-mailing the customer", async () => {
    const quote = aStoredBooking({ _id: "q1", type: "QUOTE", status: "QUOTE_REQUESTED" });
    serveRecord(quote);
    serveWrites(() => HttpResponse.json({ ...quote, type: "BOOKING", status: "PENDING" }));
    const { user, history } = renderAdmin("/admin/bookings/q1/edit#convert");
    expect(await screen.findByRole("heading", { name: "Edit quote", level: 1 })).toBeTruthy();
    expect((await screen.findByLabelText("Hours") as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByText("A quote’s size, add-ons and frequency can’t be changed here: convert it to a booking first.")).toBeTruthy();
    const convert = screen.getByRole("region", { name: "Convert to booking" });
    expect(within(convert).getByText("The quote becomes a pending booking on Tue 24 Nov 2026, 9:00 am, at its estimated price.")).toBeTruthy();

    // Unsaved changes first: the quote is converted at its saved time.
    await user.type(screen.getByLabelText("Notes"), "!");
    expect((within(convert).getByRole("button", { name: "Convert to booking" }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(screen.getByLabelText("Notes"));
    await user.type(screen.getByLabelText("Notes"), "Key under the mat");

    await user.click(within(convert).getByRole("button", { name: "Convert to booking" }));
    await waitFor(() => expect(history.location.pathname).toBe("/admin/bookings/q1"));
    expect(sent).toEqual([{ method: "POST", path: "/api/admin/bookings/q1/convert", body: { notifyCustomer: true } }]);
  });
});

describe("the way in", () => {
  it("New booking on the bookings page; Edit on a booking's card; Edit and Convert on a quote's", async () => {
    const items = [aStoredBooking(), aStoredBooking({ _id: "q1", type: "QUOTE", status: "QUOTE_REQUESTED", firstName: "Quinn" })];
    server.use(http.get("/api/admin/bookings", () => HttpResponse.json({ items, page: 1, totalPages: 1, totalItems: 2 })));
    renderAdmin("/admin/bookings");
    expect((await screen.findByRole("link", { name: "New booking" })).getAttribute("href")).toBe("/admin/bookings/new");
    const booking = await screen.findByRole("article", { name: /Olivia/ });
    expect(within(booking).getByRole("link", { name: "Edit booking" }).getAttribute("href")).toBe("/admin/bookings/b1/edit");
    const quote = screen.getByRole("article", { name: /Quinn/ });
    expect(within(quote).getByRole("link", { name: "Edit quote" }).getAttribute("href")).toBe("/admin/bookings/q1/edit");
    expect(within(quote).getByRole("link", { name: "Convert to booking" }).getAttribute("href")).toBe("/admin/bookings/q1/edit#convert");
  });
});
