/** Refunds of card payments taken online (issue 30), in the payments panel, against the API as msw answers it. */
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import type { PaymentDto, PaymentLedgerDto } from "./payments-api.ts";
import { REFUND_TEXT, refundableCents } from "./refund-dialog.tsx";
import { aBooking, aPage } from "./test-fixtures.ts";

const NOW = new Date("2026-11-25T03:00:00.000Z");
const stripe = { adminId: null, name: "Stripe", email: "" };
const root = { adminId: "a9", name: "Rae Root", email: "rae@example.com" };

function aPayment(overrides: Partial<PaymentDto> = {}): PaymentDto {
  return {
    _id: "p1", bookingId: "b1", amount: 100, method: "CARD", note: "Deposit paid online (Stripe Checkout cs_1)",
    receivedAt: "2026-11-24T23:00:00.000Z", recordedBy: stripe, createdAt: "2026-11-24T23:00:00.000Z",
    voidedAt: null, voidedBy: null, voidReason: null, kind: "PAYMENT", refundOf: null,
    stripe: { sessionId: "cs_1", paymentIntentId: "pi_1", refundId: null }, ...overrides,
  };
}
const cash = aPayment({ _id: "p2", method: "CASH", note: "", recordedBy: root, stripe: null, receivedAt: "2026-11-24T22:00:00.000Z" });
const earlierRefund = aPayment({
  _id: "r1", amount: -30, kind: "REFUND", refundOf: "p1", note: "Goodwill", recordedBy: root,
  stripe: { sessionId: null, paymentIntentId: "pi_1", refundId: "re_1" }, receivedAt: "2026-11-25T00:00:00.000Z",
});

function serve(ledger: () => PaymentLedgerDto, refund?: (body: unknown) => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.get("/api/admin/bookings", () => HttpResponse.json(aPage([aBooking({ totalPaid: 70 })]))),
    http.get("/api/admin/bookings/b1", () => HttpResponse.json(aBooking({ totalPaid: 70 }))),
    http.get("/api/admin/bookings/b1/payments", () => HttpResponse.json(ledger())),
    http.post("/api/admin/bookings/b1/payments/:paymentId/refund", async ({ request, params }) => {
      const body = await request.json();
      bodies.push({ paymentId: params.paymentId, body });
      return refund ? refund(body) : HttpResponse.json(ledger());
    }),
  );
  return bodies;
}

async function openLedger() {
  const view = renderAdmin("/admin/bookings");
  await screen.findByRole("heading", { name: "Olivia Nguyen" }, { timeout: 5000 });
  const article = screen.getByRole("article", { name: /Olivia/ });
  await view.user.click(within(article).getByRole("button", { name: "View details" }));
  const panel = await within(article).findByRole("region", { name: "Payments" });
  await within(panel).findByText("Paid so far");
  return { ...view, panel: within(panel) };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("refundableCents", () => {
  it("is a live card payment with Stripe's payment_intent, less its live refunds", () => {
    const items = [aPayment(), cash, earlierRefund, aPayment({ _id: "r2", amount: -10, kind: "REFUND", refundOf: "p1", voidedAt: NOW.toISOString() })];
    expect(refundableCents(aPayment(), items)).toBe(7000);
    expect(refundableCents(cash, items)).toBe(0);
    expect(refundableCents(earlierRefund, items)).toBe(0);
    expect(refundableCents(aPayment({ stripe: null }), items)).toBe(0);
    expect(refundableCents(aPayment({ voidedAt: NOW.toISOString() }), items)).toBe(0);
  });
});

describe("refunding a card payment", () => {
  it("superadmins: the Refund button on the online card payment only; all that is left by default, with a reason", async () => {
    storeSession({ role: "superadmin" });
    let items = [earlierRefund, aPayment(), cash];
    const bodies = serve(() => ({ items, paidToDate: 80, balance: 170, paymentStatus: "UNPAID" }), () => {
      items = [aPayment({ _id: "r3", amount: -70, kind: "REFUND", refundOf: "p1", note: "Cancelled" }), ...items];
      return HttpResponse.json({ items, paidToDate: 10, balance: 240, paymentStatus: "UNPAID" });
    });
    const { user, panel } = await openLedger();
    const refundButtons = panel.getAllByRole("button", { name: /^Refund/ });
    expect(refundButtons).toHaveLength(1);
    expect(refundButtons[0].getAttribute("aria-label")).toBe("Refund A$100.00 paid by card");
    // A refund is never voided: its row has no Void.
    expect(panel.getAllByRole("button", { name: /^Void/ })).toHaveLength(2);

    await user.click(refundButtons[0]);
    const dialog = within(await screen.findByRole("dialog", { name: REFUND_TEXT.title }));
    expect(dialog.getByText(REFUND_TEXT.question(70))).toBeTruthy();
    const amount = dialog.getByLabelText<HTMLInputElement>(REFUND_TEXT.amount);
    expect(amount.value).toBe("70.00");
    await user.click(dialog.getByRole("button", { name: REFUND_TEXT.confirm }));
    expect(dialog.getByText(REFUND_TEXT.reasonRequired)).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, "80");
    await user.type(dialog.getByLabelText(REFUND_TEXT.reason), "Cancelled");
    await user.click(dialog.getByRole("button", { name: REFUND_TEXT.confirm }));
    expect(dialog.getByText("You can refund at most A$70.00 of this payment.")).toBeTruthy();
    expect(bodies).toEqual([]);

    await user.clear(amount);
    await user.type(amount, "70");
    await user.click(dialog.getByRole("button", { name: REFUND_TEXT.confirm }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodies).toEqual([{ paymentId: "p1", body: { amount: 70, reason: "Cancelled" } }]);
    await waitFor(() => expect(panel.getByText("A$10.00")).toBeTruthy());
    expect(panel.getByText("-A$70.00")).toBeTruthy();
    expect(panel.queryByRole("button", { name: /^Refund/ })).toBeNull();
  });

  it("shows Stripe's refusal in the dialog, which stays open", async () => {
    storeSession({ role: "superadmin" });
    serve(() => ({ items: [aPayment()], paidToDate: 100, balance: 150, paymentStatus: "UNPAID" }), () =>
      HttpResponse.json({ error: "Stripe refused the refund. Please check the payment in the Stripe dashboard.", code: "REFUND_FAILED" }, { status: 409 }));
    const { user, panel } = await openLedger();
    await user.click(panel.getByRole("button", { name: /^Refund/ }));
    const dialog = within(await screen.findByRole("dialog", { name: REFUND_TEXT.title }));
    await user.type(dialog.getByLabelText(REFUND_TEXT.reason), "Duplicate");
    await user.click(dialog.getByRole("button", { name: REFUND_TEXT.confirm }));
    expect((await dialog.findByRole("alert")).textContent).toContain("Stripe refused the refund.");
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("admins see no Refund", async () => {
    storeSession({ role: "admin" });
    serve(() => ({ items: [aPayment()], paidToDate: 100, balance: 150, paymentStatus: "UNPAID" }));
    const { panel } = await openLedger();
    expect(panel.getByText("Stripe")).toBeTruthy();
    expect(panel.queryByRole("button", { name: /^Refund/ })).toBeNull();
  });
});
