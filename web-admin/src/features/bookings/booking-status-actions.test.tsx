/** The staff status actions of issue 15: Cancel and Done ask first; a full slot and an early Done say why. */
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import type { BookingDto } from "./bookings-api.ts";
import { OVERRIDE_CAPACITY_LABEL } from "./booking-card.tsx";
import { aBooking, aPage } from "./test-fixtures.ts";

// Wed 25 Nov 2026, 2:00 pm in Melbourne (AEDT, UTC+11).
const NOW = new Date("2026-11-25T03:00:00.000Z");
const SLOT_TAKEN = "That time isn’t available. Please choose another.";
const NOT_STARTED = "A job can be marked done only once it has started.";

let sent: unknown[];

/** The list with one booking, and PATCH status answering with `answer` for each body sent. */
function serve(booking: BookingDto, answer: (body: { status: string; overrideCapacity?: boolean }) => Response) {
  server.use(
    http.get("/api/admin/bookings", () => HttpResponse.json(aPage([booking]))),
    http.patch(`/api/admin/bookings/${booking._id}/status`, async ({ request }) => {
      const body = (await request.json()) as { status: string; overrideCapacity?: boolean };
      sent.push(body);
      return answer(body);
    }),
  );
}

const slotTaken = () => HttpResponse.json({ error: SLOT_TAKEN, code: "SLOT_UNAVAILABLE" }, { status: 409 });

async function openCard(name: string) {
  const view = renderAdmin("/admin/bookings");
  await screen.findByRole("heading", { name: new RegExp(name) });
  return { ...view, article: screen.getByRole("article", { name: new RegExp(name) }) };
}

function answerConfirms(...answers: boolean[]) {
  window.confirm ??= () => false;
  const spy = vi.spyOn(window, "confirm");
  for (const answer of answers) spy.mockReturnValueOnce(answer);
  return spy;
}

beforeEach(() => {
  sent = [];
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("booking status actions", () => {
  it("asks before cancelling in a dialog: Keep booking sends nothing, Cancel booking sends CANCELLED", async () => {
    storeSession();
    serve(aBooking(), (body) => HttpResponse.json(aBooking({ status: body.status as BookingDto["status"] })));
    const { user, article } = await openCard("Olivia");
    const confirm = answerConfirms();

    await user.click(within(article).getByRole("button", { name: "Cancel booking" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel this booking?" });
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(within(dialog).getByText("Cancel the booking of \u2068Olivia Nguyen\u2069 on Sat 28 Nov 2026, 9:00 am?")).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Reason (optional)"));
    await user.click(within(dialog).getByRole("button", { name: "Keep booking" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sent).toEqual([]);
    expect(within(article).getByText("PENDING")).toBeTruthy();

    await user.click(within(article).getByRole("button", { name: "Cancel booking" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancel booking" }));
    await waitFor(() => expect(within(article).getByText("CANCELLED")).toBeTruthy());
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sent).toEqual([{ status: "CANCELLED" }]);
    expect(confirm).not.toHaveBeenCalled();
  });

  it("sends the reason typed in the dialog, trimmed; a reason typed then kept sends nothing", async () => {
    storeSession();
    serve(aBooking({ status: "CONFIRMED" }), (body) =>
      HttpResponse.json(aBooking({ status: "CANCELLED", cancelReason: (body as { reason?: string }).reason ?? "" })));
    const { user, article } = await openCard("Olivia");

    await user.click(within(article).getByRole("button", { name: "Cancel booking" }));
    let dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Reason (optional)"), "Not this one");
    await user.click(within(dialog).getByRole("button", { name: "Keep booking" }));
    expect(sent).toEqual([]);

    await user.click(within(article).getByRole("button", { name: "Cancel booking" }));
    dialog = await screen.findByRole("dialog");
    const reason = within(dialog).getByLabelText<HTMLTextAreaElement>("Reason (optional)");
    expect(reason.value).toBe("");
    expect(reason.maxLength).toBe(500);
    await user.type(reason, "  Customer rang: moving interstate.  ");
    await user.click(within(dialog).getByRole("button", { name: "Cancel booking" }));
    await waitFor(() => expect(within(article).getByText("CANCELLED")).toBeTruthy());
    expect(sent).toEqual([{ status: "CANCELLED", reason: "Customer rang: moving interstate." }]);
  });

  it("Esc closes the cancel dialog and sends nothing", async () => {
    storeSession();
    serve(aBooking(), () => HttpResponse.json(aBooking({ status: "CANCELLED" })));
    const { user, article } = await openCard("Olivia");

    await user.click(within(article).getByRole("button", { name: "Cancel booking" }));
    const dialog = await screen.findByRole("dialog");
    dialog.dispatchEvent(new Event("cancel", { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent).toEqual([]);
    expect(within(article).getByRole("button", { name: "Cancel booking" })).toBeTruthy();
  });

  it.each([
    ["CANCELLED", "Customer rang: moving interstate.", "Cancellation reasonCustomer rang: moving interstate."],
    // Confirmed again: the reason stays on the record, but only a cancelled booking shows it.
    ["CONFIRMED", "Customer rang: moving interstate.", null],
    ["CANCELLED", "", null],
  ] as const)("the details of a %s booking with reason '%s' show: %s", async (status, cancelReason, shown) => {
    storeSession();
    const booking = aBooking({ status, cancelReason });
    server.use(
      http.get("/api/admin/bookings", () => HttpResponse.json(aPage([booking]))),
      http.get("/api/admin/bookings/b1", () => HttpResponse.json(booking)),
      http.get("/api/admin/bookings/:id/payments", () =>
        HttpResponse.json({ items: [], paidToDate: 0, balance: 250, paymentStatus: "UNPAID" })),
    );
    const { user, article } = await openCard("Olivia");
    await user.click(within(article).getByRole("button", { name: "View details" }));
    await within(article).findByText("Reference");
    const label = within(article).queryByText("Cancellation reason");
    expect(label?.closest("div")?.textContent ?? null).toBe(shown);
  });

  it("asks before marking done, and shows the server's text when the job has not started", async () => {
    storeSession();
    serve(aBooking(), () => HttpResponse.json({ error: NOT_STARTED, code: "JOB_NOT_STARTED" }, { status: 409 }));
    const { user, article } = await openCard("Olivia");
    const confirm = answerConfirms(true);

    await user.click(within(article).getByRole("button", { name: "Mark done" }));
    expect(confirm.mock.calls[0][0]).toBe("Mark the booking of \u2068Olivia Nguyen\u2069 on Sat 28 Nov 2026, 9:00 am as done?");
    const alert = await within(article).findByRole("alert");
    expect(alert.textContent).toContain(NOT_STARTED);
    expect(sent).toEqual([{ status: "DONE" }]);
    expect(within(article).getByText("PENDING")).toBeTruthy();
    expect(within(article).queryByRole("button", { name: OVERRIDE_CAPACITY_LABEL })).toBeNull();
  });

  it("Confirm needs no question; a full slot shows the message, and an admin is offered no override", async () => {
    storeSession({ role: "admin" });
    serve(aBooking({ status: "CANCELLED" }), slotTaken);
    const { user, article } = await openCard("Olivia");
    const confirm = answerConfirms();

    await user.click(within(article).getByRole("button", { name: "Confirm" }));
    const alert = await within(article).findByRole("alert");
    expect(alert.textContent).toContain(SLOT_TAKEN);
    expect(confirm).not.toHaveBeenCalled();
    expect(within(article).queryByRole("button", { name: OVERRIDE_CAPACITY_LABEL })).toBeNull();
    expect(within(article).getByText("CANCELLED")).toBeTruthy();
  });

  it("a superadmin may confirm anyway: the same status is resent with overrideCapacity", async () => {
    storeSession({ role: "superadmin" });
    serve(aBooking({ status: "CANCELLED" }), (body) =>
      body.overrideCapacity ? HttpResponse.json(aBooking({ status: "CONFIRMED" })) : slotTaken());
    const { user, article } = await openCard("Olivia");

    await user.click(within(article).getByRole("button", { name: "Confirm" }));
    expect((await within(article).findByRole("alert")).textContent).toContain(SLOT_TAKEN);
    await user.click(within(article).getByRole("button", { name: OVERRIDE_CAPACITY_LABEL }));

    await waitFor(() => expect(within(article).getByText("CONFIRMED")).toBeTruthy());
    expect(sent).toEqual([{ status: "CONFIRMED" }, { status: "CONFIRMED", overrideCapacity: true }]);
    expect(within(article).queryByRole("alert")).toBeNull();
    expect(within(article).queryByRole("button", { name: OVERRIDE_CAPACITY_LABEL })).toBeNull();
  });

  it("the override goes with the message: dismissing the alert hides it", async () => {
    storeSession({ role: "superadmin" });
    serve(aBooking({ status: "CANCELLED" }), slotTaken);
    const { user, article } = await openCard("Olivia");

    await user.click(within(article).getByRole("button", { name: "Confirm" }));
    const alert = await within(article).findByRole("alert");
    const dismiss = within(alert).queryByRole("button");
    if (!dismiss) throw new Error("the alert has no dismiss button");
    await user.click(dismiss);
    expect(within(article).queryByRole("button", { name: OVERRIDE_CAPACITY_LABEL })).toBeNull();
  });
});
