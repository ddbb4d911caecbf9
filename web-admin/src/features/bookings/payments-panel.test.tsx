/** The payment form and the ledger of issue 15, against the API as msw answers it. */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import type { BookingDto } from "./bookings-api.ts";
import type { PaymentDto, PaymentLedgerDto } from "./payments-api.ts";
import { defaultPaymentAmount } from "./payments-panel.tsx";
import { aBooking, aPage } from "./test-fixtures.ts";

// Wed 25 Nov 2026, 2:00 pm in Melbourne (AEDT, UTC+11).
const NOW = new Date("2026-11-25T03:00:00.000Z");
const sam = { adminId: "a1", name: "Sam Staff", email: "sam@example.com" };

function aPayment(overrides: Partial<PaymentDto> = {}): PaymentDto {
  return {
    _id: "p1", bookingId: "b1", amount: 200, method: "BANK_TRANSFER", note: "Deposit", receivedAt: "2026-11-24T23:00:00.000Z",
    recordedBy: sam, createdAt: "2026-11-24T23:00:00.000Z", voidedAt: null, voidedBy: null, voidReason: null, ...overrides,
  };
}

interface Seen {
  method: string;
  path: string;
  body: unknown;
}

/**
 * The list and the record answer `current()`, the ledger `ledger()`; Confirm Payment and void
 * answer with what the test says, and every write is kept in `seen`.
 */
function serve(options: {
  booking: () => BookingDto;
  ledger: () => PaymentLedgerDto;
  confirm?: (body: { amountPaid: number }) => Response;
  voided?: (body: { reason: string }) => Response;
}) {
  const seen: Seen[] = [];
  const keep = async (request: Request) => {
    const body = await request.json();
    seen.push({ method: request.method, path: new URL(request.url).pathname, body });
    return body;
  };
  server.use(
    http.get("/api/admin/bookings", () => HttpResponse.json(aPage([options.booking()]))),
    http.get("/api/admin/bookings/b1", () => HttpResponse.json(options.booking())),
    http.get("/api/admin/bookings/b1/payments", () => HttpResponse.json(options.ledger())),
    http.patch("/api/admin/bookings/b1/confirm-payment", async ({ request }) =>
      (options.confirm ?? (() => HttpResponse.json(options.booking())))(await keep(request))),
    http.post("/api/admin/bookings/b1/payments/:paymentId/void", async ({ request }) =>
      (options.voided ?? (() => HttpResponse.json(options.ledger())))(await keep(request))),
  );
  return seen;
}

async function openCard() {
  const view = renderAdmin("/admin/bookings");
  await screen.findByRole("heading", { name: "Olivia Nguyen" });
  return { ...view, article: screen.getByRole("article", { name: /Olivia/ }) };
}

async function openForm(article: HTMLElement, user: ReturnType<typeof renderAdmin>["user"]) {
  await user.click(within(article).getByRole("button", { name: "Confirm Payment" }));
  return within(within(article).getByRole("form", { name: "Confirm payment" }));
}

async function openLedger(article: HTMLElement, user: ReturnType<typeof renderAdmin>["user"]) {
  await user.click(within(article).getByRole("button", { name: "View details" }));
  const panel = await within(article).findByRole("region", { name: "Payments" });
  await within(panel).findByText("Paid so far");
  return within(panel);
}

async function openVoidDialog(panel: ReturnType<typeof within>, user: ReturnType<typeof renderAdmin>["user"], name: string | RegExp) {
  const button = panel.getByRole("button", { name });
  await user.click(button);
  const dialog = await screen.findByRole("dialog", { name: "Void this payment?" });
  return { button, dialog, inDialog: within(dialog), reason: within(dialog).getByLabelText<HTMLTextAreaElement>("Reason") };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  // happy-dom has no browser prompts; give the spies something to wrap (an unexpected one says no).
  Object.assign(window, { confirm: () => false, prompt: () => null });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("defaultPaymentAmount", () => {
  it("offers the first service total, then what is still owed", () => {
    expect(defaultPaymentAmount({ firstServiceTotal: 275, totalPaid: null })).toBe(275);
    expect(defaultPaymentAmount({ firstServiceTotal: 275, totalPaid: 200 })).toBe(75);
    expect(defaultPaymentAmount({ firstServiceTotal: 275.1, totalPaid: 200.05 })).toBe(75.05);
  });
});

describe("the payment form", () => {
  it("offers the balance of a part-paid booking and sends the amount, the method and the note", async () => {
    storeSession();
    let booking = aBooking({ totalPaid: 200 });
    const seen = serve({
      booking: () => booking,
      ledger: () => ({ items: [aPayment()], paidToDate: 200, balance: 50, paymentStatus: "UNPAID" }),
      confirm: () => {
        booking = aBooking({ totalPaid: 250, paymentStatus: "PAID", paidAt: NOW.toISOString() });
        return HttpResponse.json(booking);
      },
    });
    const { user, article } = await openCard();
    expect(article.textContent).toContain("A$200.00 paid so far, A$50.00 to pay");

    const form = await openForm(article, user);
    expect(form.getByLabelText<HTMLInputElement>("Amount").value).toBe("50");
    await user.selectOptions(form.getByLabelText("Method"), "Cash");
    await user.type(form.getByLabelText("Note (optional)"), "  On the day ");
    await user.click(form.getByRole("button", { name: "Record payment" }));

    await waitFor(() => expect(within(article).getByText("PAID")).toBeTruthy());
    expect(seen).toEqual([{
      method: "PATCH", path: "/api/admin/bookings/b1/confirm-payment", body: { amountPaid: 50, method: "CASH", note: "On the day" },
    }]);
    expect(within(article).getByRole("button", { name: "Confirm Payment" })).toHaveProperty("disabled", true);
    expect(article.textContent).toContain("Paid A$250.00 on Wed 25 Nov 2026, 2:00 pm");
    expect(within(article).queryByRole("form", { name: "Confirm payment" })).toBeNull();
  });

  it("asks before recording more than the balance: No sends nothing, Yes sends it", async () => {
    storeSession();
    const seen = serve({
      booking: () => aBooking(),
      ledger: () => ({ items: [], paidToDate: 0, balance: 250, paymentStatus: "UNPAID" }),
    });
    const { user, article } = await openCard();
    const form = await openForm(article, user);
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const amount = form.getByLabelText("Amount");
    await user.clear(amount);
    await user.type(amount, "300");

    await user.click(form.getByRole("button", { name: "Record payment" }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm.mock.calls[0][0]).toBe("A$300.00 is more than the balance of A$250.00. Record it anyway?");
    expect(seen).toEqual([]);

    await user.click(form.getByRole("button", { name: "Record payment" }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0].body).toEqual({ amountPaid: 300, method: "OTHER" });
  });

  it("the amount exactly the balance needs no question", async () => {
    storeSession();
    const seen = serve({ booking: () => aBooking(), ledger: () => ({ items: [], paidToDate: 0, balance: 250, paymentStatus: "UNPAID" }) });
    const { user, article } = await openCard();
    const confirm = vi.spyOn(window, "confirm");
    const form = await openForm(article, user);
    await user.click(form.getByRole("button", { name: "Record payment" }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(confirm).not.toHaveBeenCalled();
  });

  it("says 'Invalid amount.' for 0, a third decimal, more than A$100,000 or text, and sends nothing", async () => {
    storeSession();
    const seen = serve({ booking: () => aBooking(), ledger: () => ({ items: [], paidToDate: 0, balance: 250, paymentStatus: "UNPAID" }) });
    const { user, article } = await openCard();
    const form = await openForm(article, user);
    const amount = form.getByLabelText<HTMLInputElement>("Amount");
    for (const typed of ["0", "12.345", "100000.01", "-5"]) {
      await user.clear(amount);
      await user.type(amount, typed);
      await user.click(form.getByRole("button", { name: "Record payment" }));
      expect(form.getByText("Invalid amount."), typed).toBeTruthy();
      expect(amount.getAttribute("aria-invalid")).toBe("true");
    }
    expect(seen).toEqual([]);
    await user.click(form.getByRole("button", { name: "Cancel" }));
    expect(within(article).queryByRole("form", { name: "Confirm payment" })).toBeNull();
  });

  it("shows the server's refusal, and keeps the form open to try again", async () => {
    storeSession();
    serve({
      booking: () => aBooking(),
      ledger: () => ({ items: [], paidToDate: 0, balance: 250, paymentStatus: "UNPAID" }),
      confirm: () => HttpResponse.json({ error: "This booking is already paid.", code: "ALREADY_PAID" }, { status: 409 }),
    });
    const { user, article } = await openCard();
    const form = await openForm(article, user);
    await user.click(form.getByRole("button", { name: "Record payment" }));
    expect((await within(article).findByRole("alert")).textContent).toContain("This booking is already paid.");
    expect(within(article).getByRole("form", { name: "Confirm payment" })).toBeTruthy();
  });

  it("a payment recorded with the details open reloads the ledger", async () => {
    storeSession();
    let items = [aPayment()];
    serve({
      booking: () => aBooking({ totalPaid: items.reduce((sum, p) => sum + p.amount, 0) }),
      ledger: () => ({ items, paidToDate: items.reduce((sum, p) => sum + p.amount, 0), balance: 250 - items.reduce((sum, p) => sum + p.amount, 0), paymentStatus: "UNPAID" }),
      confirm: (body) => {
        items = [aPayment({ _id: "p2", amount: body.amountPaid, method: "CARD", note: "" }), ...items];
        return HttpResponse.json(aBooking({ totalPaid: 220 }));
      },
    });
    const { user, article } = await openCard();
    const ledger = await openLedger(article, user);
    expect(ledger.getAllByRole("row")).toHaveLength(2);
    const form = await openForm(article, user);
    const amount = form.getByLabelText("Amount");
    await user.clear(amount);
    await user.type(amount, "20");
    await user.click(form.getByRole("button", { name: "Record payment" }));
    await waitFor(() => expect(ledger.getAllByRole("row")).toHaveLength(3));
    expect(ledger.getByText("A$220.00")).toBeTruthy();
  });
});

describe("the ledger in the details", () => {
  const ledgerWithVoid = (): PaymentLedgerDto => ({
    items: [
      aPayment({ _id: "p2", amount: 50, method: "CARD", note: "", receivedAt: "2026-11-25T01:00:00.000Z" }),
      aPayment({
        _id: "p3", amount: 75, method: "CASH", note: "", receivedAt: "2026-11-24T22:00:00.000Z",
        voidedAt: "2026-11-25T02:00:00.000Z", voidedBy: { adminId: "a2", name: "Rose Root", email: "rose@example.com" },
        voidReason: "Counted twice",
      }),
      aPayment(),
    ],
    paidToDate: 250,
    balance: 0,
    paymentStatus: "PAID",
  });

  it("shows paid so far, the balance and each payment; a voided one struck through with who, when and why", async () => {
    storeSession({ role: "admin" });
    serve({ booking: () => aBooking({ paymentStatus: "PAID", totalPaid: 250, paidAt: NOW.toISOString() }), ledger: ledgerWithVoid });
    const { user, article } = await openCard();
    const ledger = await openLedger(article, user);
    expect(ledger.getByText("Paid so far").nextElementSibling?.textContent).toBe("A$250.00");
    expect(ledger.getByText("Balance").nextElementSibling?.textContent).toBe("A$0.00");
    const rows = ledger.getAllByRole("row").slice(1).map((row) => row.textContent);
    expect(rows).toEqual([
      // Issue 30: a receipt for each payment that stands.
      "Wed 25 Nov 2026, 12:00 pmA$50.00CardSam StaffReceipt",
      "Wed 25 Nov 2026, 9:00 amA$75.00CashVoided by Rose Root on Wed 25 Nov 2026, 1:00 pm: Counted twiceSam Staff",
      "Wed 25 Nov 2026, 10:00 amA$200.00Bank transferDepositSam StaffReceipt",
    ]);
    const voided = ledger.getAllByRole("row")[2];
    expect(voided.querySelectorAll("s")).toHaveLength(3);
    expect(ledger.queryByRole("button", { name: /^Void/ })).toBeNull();
  });

  /** A superadmin's view of ledgerWithVoid; voiding p2 takes the booking back to UNPAID. */
  function serveVoidable(voided?: (body: { reason: string }) => Response) {
    let booking = aBooking({ paymentStatus: "PAID", totalPaid: 250, paidAt: NOW.toISOString() });
    let ledger = ledgerWithVoid();
    const seen = serve({
      booking: () => booking,
      ledger: () => ledger,
      voided: voided ?? ((body) => {
        ledger = {
          ...ledger,
          items: ledger.items.map((p) => p._id === "p2" ? { ...p, voidedAt: NOW.toISOString(), voidedBy: sam, voidReason: body.reason } : p),
          paidToDate: 200,
          balance: 50,
          paymentStatus: "UNPAID",
        };
        booking = aBooking({ totalPaid: 200 });
        return HttpResponse.json(ledger);
      }),
    });
    return seen;
  }
  const VOID_P2 = "Void A$50.00 received Wed 25 Nov 2026, 12:00 pm";

  it("a superadmin voids with a reason asked in a dialog: Keep payment sends nothing, then the ledger and status update", async () => {
    storeSession({ role: "superadmin" });
    const seen = serveVoidable();
    const { user, article } = await openCard();
    const panel = await openLedger(article, user);
    const prompt = vi.spyOn(window, "prompt");
    expect(panel.getAllByRole("button", { name: /^Void/ })).toHaveLength(2); // not the voided one

    let asked = await openVoidDialog(panel, user, VOID_P2);
    expect((asked.dialog as HTMLDialogElement).open).toBe(true);
    expect(asked.dialog.getAttribute("aria-describedby")).toBe(asked.inDialog.getByText(/^Why is/).id);
    expect(asked.inDialog.getByText("Why is the payment of A$50.00 received Wed 25 Nov 2026, 12:00 pm void?")).toBeTruthy();
    expect(document.activeElement).toBe(asked.reason);
    await user.type(asked.reason, "Not this one");
    await user.click(asked.inDialog.getByRole("button", { name: "Keep payment" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(asked.button);
    expect(seen).toEqual([]);

    // The dialog starts empty again.
    asked = await openVoidDialog(panel, user, VOID_P2);
    expect(asked.reason.value).toBe("");
    await user.type(asked.reason, " Card declined ");
    await user.click(asked.inDialog.getByRole("button", { name: "Void payment" }));
    await waitFor(() => expect(panel.getByText("Balance").nextElementSibling?.textContent).toBe("A$50.00"));
    expect(seen).toEqual([{ method: "POST", path: "/api/admin/bookings/b1/payments/p2/void", body: { reason: "Card declined" } }]);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(panel.queryByRole("alert")).toBeNull();
    expect(panel.getAllByRole("row")[1].textContent).toContain("Voided by Sam Staff on Wed 25 Nov 2026, 2:00 pm: Card declined");
    // Its Void button went with the payment: the focus waits on the panel's heading.
    expect(document.activeElement).toBe(panel.getByRole("heading", { name: "Payments" }));
    expect(prompt).not.toHaveBeenCalled();
    // The booking went back to UNPAID: the card follows, and Confirm Payment is offered again.
    await waitFor(() => expect(within(article).getByRole("button", { name: "Confirm Payment" })).toHaveProperty("disabled", false));
    expect(article.textContent).toContain("A$200.00 paid so far, A$50.00 to pay");
  });

  it("Esc closes the void dialog, sends nothing and gives the focus back to its Void button", async () => {
    storeSession({ role: "superadmin" });
    const seen = serveVoidable();
    const { user, article } = await openCard();
    const panel = await openLedger(article, user);
    const asked = await openVoidDialog(panel, user, /^Void A\$200\.00/);
    await user.type(asked.reason, "Duplicate");
    // What a browser does on Esc: a cancelable "cancel" on the open modal dialog.
    asked.dialog.dispatchEvent(new Event("cancel", { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(asked.button);
    expect(seen).toEqual([]);
  });

  it("refuses a blank or too long reason under the field, with the API's words, and sends nothing", async () => {
    storeSession({ role: "superadmin" });
    const seen = serveVoidable();
    const { user, article } = await openCard();
    const panel = await openLedger(article, user);
    const { inDialog, reason } = await openVoidDialog(panel, user, VOID_P2);
    expect(reason.maxLength).toBe(500);
    expect(reason.required).toBe(true);

    await user.click(inDialog.getByRole("button", { name: "Void payment" }));
    expect(inDialog.getByText("A reason is required to void a payment.")).toBeTruthy();
    expect(reason.getAttribute("aria-invalid")).toBe("true");
    expect(reason.getAttribute("aria-describedby")).toBe(inDialog.getByText("A reason is required to void a payment.").id);

    await user.type(reason, "    ");
    await user.click(inDialog.getByRole("button", { name: "Void payment" }));
    expect(inDialog.getByText("A reason is required to void a payment.")).toBeTruthy();
    expect(document.activeElement).toBe(reason);

    // Typing stops at 500; a longer value set another way is still refused by the API's rule.
    fireEvent.change(reason, { target: { value: "x".repeat(501) } });
    await user.click(inDialog.getByRole("button", { name: "Void payment" }));
    expect(inDialog.getByText("Please keep the reason under 500 characters.")).toBeTruthy();
    expect(inDialog.queryByText("A reason is required to void a payment.")).toBeNull();
    expect(seen).toEqual([]);

    // 500 after trimming is allowed, as the API allows it.
    fireEvent.change(reason, { target: { value: ` ${"x".repeat(500)} ` } });
    await user.click(inDialog.getByRole("button", { name: "Void payment" }));
    await waitFor(() => expect(seen).toEqual([{ method: "POST", path: "/api/admin/bookings/b1/payments/p2/void", body: { reason: "x".repeat(500) } }]));
  });

  it("shows the server's refusal in the dialog, which stays open; Keep payment then gives the focus back", async () => {
    storeSession({ role: "superadmin" });
    const seen = serveVoidable(() =>
      HttpResponse.json({ error: "This payment is already void.", code: "PAYMENT_ALREADY_VOIDED" }, { status: 409 })
    );
    const { user, article } = await openCard();
    const panel = await openLedger(article, user);
    const { button, dialog, inDialog, reason } = await openVoidDialog(panel, user, /^Void A\$200\.00/);
    await user.type(reason, "Duplicate");
    await user.click(inDialog.getByRole("button", { name: "Void payment" }));
    expect((await inDialog.findByRole("alert")).textContent).toContain("This payment is already void.");
    expect(seen).toHaveLength(1);
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(reason.value).toBe("Duplicate");
    await user.click(inDialog.getByRole("button", { name: "Keep payment" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(panel.queryByRole("alert")).toBeNull();
  });

  it("puts the server's word on the reason (a 422) under the field", async () => {
    storeSession({ role: "superadmin" });
    serveVoidable(() =>
      HttpResponse.json({
        error: "A reason is required to void a payment.",
        code: "VALIDATION_ERROR",
        fieldErrors: { reason: ["A reason is required to void a payment."] },
      }, { status: 422 })
    );
    const { user, article } = await openCard();
    const panel = await openLedger(article, user);
    const { inDialog, reason } = await openVoidDialog(panel, user, VOID_P2);
    await user.type(reason, "Why not");
    await user.click(inDialog.getByRole("button", { name: "Void payment" }));
    await waitFor(() => expect(reason.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(reason.getAttribute("aria-describedby")!)?.textContent).toBe("A reason is required to void a payment.");
    expect(inDialog.getByRole("alert")).toBeTruthy();
  });

  it("names each value with its column for the narrow layout, and shows no Void on a voided payment", async () => {
    storeSession({ role: "superadmin" });
    serveVoidable();
    const { user, article } = await openCard();
    const panel = await openLedger(article, user);
    const [, first, voided] = panel.getAllByRole("row");
    const labels = (row: HTMLElement) => [...row.querySelectorAll("td")].map((cell) => cell.dataset.label);
    expect(labels(first)).toEqual(["Received", "Amount", "Method", "Note", "Recorded by", "Receipt", "Actions"]);
    const [, , , note, , receipt, actions] = voided.querySelectorAll("td");
    expect(actions.childNodes).toHaveLength(0);
    expect(receipt.childNodes).toHaveLength(0);
    expect(first.querySelectorAll("td")[3].childNodes).toHaveLength(0); // no note: an empty cell, hidden when stacked
    expect(note.textContent).toBe("Voided by Rose Root on Wed 25 Nov 2026, 1:00 pm: Counted twice");
  });

  it("says when nothing is paid yet", async () => {
    storeSession();
    serve({ booking: () => aBooking(), ledger: () => ({ items: [], paidToDate: 0, balance: 250, paymentStatus: "UNPAID" }) });
    const { user, article } = await openCard();
    const panel = await openLedger(article, user);
    expect(panel.getByText("No payments recorded.")).toBeTruthy();
    expect(panel.getByText("Balance").nextElementSibling?.textContent).toBe("A$250.00");
  });

  it("quotes have no ledger, and ask for none", async () => {
    storeSession();
    const quote = aBooking({ type: "QUOTE", status: "QUOTE_REQUESTED" });
    let asked = 0;
    serve({ booking: () => quote, ledger: () => ({ items: [], paidToDate: 0, balance: null, paymentStatus: "UNPAID" }) });
    server.use(http.get("/api/admin/bookings/b1/payments", () => {
      asked++;
      return HttpResponse.json({});
    }));
    const { user, article } = await openCard();
    await user.click(within(article).getByRole("button", { name: "View details" }));
    await within(article).findByText("Inside oven");
    expect(within(article).queryByRole("region", { name: "Payments" })).toBeNull();
    expect(within(article).queryByRole("button", { name: "Confirm Payment" })).toBeNull();
    expect(asked).toBe(0);
  });
});
