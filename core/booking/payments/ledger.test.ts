import assert from "node:assert/strict";
import fc from "fast-check";
import { paymentAmount, recordPaymentSchema, voidPaymentSchema } from "./schemas.ts";
import {
  balanceOf,
  type Payment,
  PAYMENT_MESSAGES,
  paymentAmountCents,
  paymentState,
  paymentSummary,
  planPayment,
  planVoid,
  readPaymentAmount,
} from "./ledger.ts";
import { STATUS_MESSAGES } from "../status.ts";

const staff = { adminId: "a1", name: "Sam Staff", email: "sam@example.com" };
const t0 = new Date("2026-11-20T00:00:00Z");
const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);

let nextId = 0;
function aPayment(amount: number, overrides: Partial<Payment> = {}): Payment {
  nextId++;
  return {
    _id: `p${String(nextId).padStart(4, "0")}`,
    bookingId: "b1",
    amount,
    method: "CASH",
    note: "",
    receivedAt: minutes(nextId),
    recordedBy: staff,
    createdAt: minutes(nextId),
    voidedAt: null,
    voidedBy: null,
    voidReason: null,
    ...overrides,
  };
}
const voided = (p: Payment): Payment => ({ ...p, voidedAt: minutes(999), voidedBy: staff, voidReason: "Bounced" });

Deno.test("the amount: positive, at most 2 decimals, at most A$100,000", async (t) => {
  const cases: [unknown, number | null][] = [
    [180, 18000],
    [157.05, 15705],
    [0.01, 1],
    [0.07, 7], // 0.07 * 100 is 7.000000000000001
    [1.1, 110],
    [0.1 + 0.2, 30], // 0.30000000000000004: float noise, not a third decimal
    [100_000, 10_000_000],
    [" 99.5 ", 9950], // a prompt's answer
    ["275", 27500],
    [0, null],
    [-5, null],
    [-0.01, null],
    [12.345, null],
    ["12.345", null],
    [100_000.01, null],
    [99_999_999, null],
    [1e10, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    ["abc", null],
    ["", null],
    ["  ", null],
    [null, null],
    [undefined, null],
    [true, null],
    [[5], null],
    [{ amount: 5 }, null],
  ];
  for (const [value, cents] of cases) {
    await t.step(JSON.stringify(value) ?? String(value), () => assert.equal(paymentAmountCents(value), cents));
  }
});

Deno.test("readPaymentAmount: exact cents, or 'Invalid amount.' on the caller's field", () => {
  assert.deepEqual(readPaymentAmount(0.1 + 0.2, "amount"), { ok: true, value: 0.3 });
  assert.deepEqual(readPaymentAmount(12.345, "amountPaid"), {
    ok: false,
    error: { kind: "validation", code: "INVALID_AMOUNT", message: "Invalid amount.", fieldErrors: { amountPaid: ["Invalid amount."] } },
  });
  assert.deepEqual(readPaymentAmount("abc", "amount"), {
    ok: false,
    error: { kind: "validation", code: "INVALID_AMOUNT", message: "Invalid amount.", fieldErrors: { amount: ["Invalid amount."] } },
  });
  assert.equal(PAYMENT_MESSAGES.invalidAmount, STATUS_MESSAGES.invalidAmount, "one text for the spec's message");
});

Deno.test("the amount schema agrees with the rule, and reads exact cents", () => {
  fc.assert(fc.property(fc.oneof(fc.double(), fc.integer(), fc.string(), fc.constant(null)), (value) => {
    const parsed = paymentAmount().safeParse(value);
    assert.equal(parsed.success, paymentAmountCents(value) !== null, JSON.stringify(value));
    if (parsed.success) assert.equal(Math.round(parsed.data * 100), paymentAmountCents(value));
    else assert.deepEqual(parsed.error.issues.map((i) => i.message), ["Invalid amount."]);
  }));
  assert.equal(paymentAmount().parse(0.1 + 0.2), 0.3);
});

Deno.test("the record and void bodies", () => {
  const parsed = recordPaymentSchema.parse({ amount: "20", method: "CARD", note: "  tap  ", receivedAt: "2026-11-20T10:00:00+11:00" });
  assert.deepEqual(parsed, { amount: 20, method: "CARD", note: "tap", receivedAt: new Date("2026-11-19T23:00:00Z") });
  const bad = recordPaymentSchema.safeParse({ amount: 1, method: "CHEQUE", receivedAt: "yesterday", note: "x".repeat(501) });
  assert.equal(bad.success, false);
  assert.deepEqual(Object.fromEntries(bad.error!.issues.map((i) => [i.path.join("."), i.message])), {
    method: PAYMENT_MESSAGES.invalidMethod,
    receivedAt: PAYMENT_MESSAGES.invalidReceivedAt,
    note: PAYMENT_MESSAGES.noteTooLong,
  });
  assert.deepEqual(voidPaymentSchema.parse({ reason: "  Card charge reversed " }), { reason: "Card charge reversed" });
  for (const reason of ["", "   ", undefined, 5]) {
    const result = voidPaymentSchema.safeParse({ reason });
    assert.deepEqual(result.error?.issues.map((i) => i.message), [PAYMENT_MESSAGES.reasonRequired], String(reason));
  }
});

Deno.test("paymentState: PAID once the live payments reach the first service total", async (t) => {
  const booking = { firstServiceTotal: 275 };
  await t.step("no payments: UNPAID, nothing paid", () => {
    assert.deepEqual(paymentState(booking, []), { paymentStatus: "UNPAID", totalPaid: null, paidAt: null });
  });
  await t.step("A$200 against A$275 stays UNPAID", () => {
    assert.deepEqual(paymentState(booking, [aPayment(200)]), { paymentStatus: "UNPAID", totalPaid: 200, paidAt: null });
  });
  await t.step("partial payments reaching the total: PAID when the one that reached it was received", () => {
    const first = aPayment(100);
    const second = aPayment(100);
    const third = aPayment(75);
    const state = paymentState(booking, [third, first, second]);
    assert.deepEqual(state, { paymentStatus: "PAID", totalPaid: 275, paidAt: third.receivedAt });
  });
  await t.step("paidAt follows when the money came, not when it was recorded", () => {
    const late = aPayment(200, { receivedAt: minutes(-60) }); // a bank transfer from before, recorded now
    const early = aPayment(100, { receivedAt: minutes(-120) });
    assert.deepEqual(paymentState(booking, [late, early]).paidAt, late.receivedAt);
  });
  await t.step("a voided payment counts for nothing", () => {
    const state = paymentState(booking, [aPayment(200), voided(aPayment(75))]);
    assert.deepEqual(state, { paymentStatus: "UNPAID", totalPaid: 200, paidAt: null });
    assert.deepEqual(paymentState(booking, [voided(aPayment(300))]), { paymentStatus: "UNPAID", totalPaid: null, paidAt: null });
  });
  await t.step("overpaid is PAID", () => {
    assert.equal(paymentState(booking, [aPayment(300)]).paymentStatus, "PAID");
  });
  await t.step("a total of A$0 with no payment is not PAID: nothing was received", () => {
    assert.equal(paymentState({ firstServiceTotal: 0 }, []).paymentStatus, "UNPAID");
  });
});

Deno.test("property: PAID iff the live payments add up to the first service total, summed in cents", () => {
  const cents = fc.integer({ min: 1, max: 10_000_000 });
  const entry = fc.record({ cents: fc.integer({ min: 1, max: 50_000 }), voided: fc.boolean(), minute: fc.integer({ min: 0, max: 10_000 }) });
  fc.assert(fc.property(cents, fc.array(entry, { maxLength: 40 }), (dueCents, entries) => {
    const payments = entries.map((e, i) => {
      const p = aPayment(e.cents / 100, { _id: `q${i}`, receivedAt: minutes(e.minute), createdAt: minutes(i) });
      return e.voided ? voided(p) : p;
    });
    const firstServiceTotal = dueCents / 100;
    const liveCents = entries.filter((e) => !e.voided).reduce((sum, e) => sum + e.cents, 0);
    const state = paymentState({ firstServiceTotal }, payments);
    assert.equal(state.paymentStatus === "PAID", liveCents > 0 && liveCents >= dueCents);
    assert.equal(state.totalPaid, liveCents === 0 ? null : liveCents / 100, "no float drift");
    assert.equal(state.paidAt === null, state.paymentStatus === "UNPAID");
    const summary = paymentSummary({ type: "BOOKING", firstServiceTotal }, payments);
    assert.equal(summary.paidToDate, liveCents / 100);
    assert.equal(summary.balance, (dueCents - liveCents) / 100);
    assert.equal(summary.paymentStatus, state.paymentStatus);
    assert.equal(balanceOf({ firstServiceTotal, totalPaid: state.totalPaid }), (dueCents - liveCents) / 100);
  }));
});

Deno.test("paymentSummary: latest received first, voided ones kept; quotes have no balance", () => {
  const a = aPayment(50);
  const b = voided(aPayment(20));
  const c = aPayment(25.5);
  const summary = paymentSummary({ type: "BOOKING", firstServiceTotal: 100 }, [a, b, c]);
  assert.deepEqual(summary.items.map((p) => p._id), [c._id, b._id, a._id]);
  assert.deepEqual([summary.paidToDate, summary.balance, summary.paymentStatus], [75.5, 24.5, "UNPAID"]);
  assert.equal(paymentSummary({ type: "QUOTE", firstServiceTotal: 100 }, []).balance, null);
});

Deno.test("planPayment: the amount, then quotes, then a time in the future", () => {
  const now = t0;
  const context = { now, recordedBy: staff };
  const booking = { _id: "b1", type: "BOOKING" as const };
  assert.deepEqual(planPayment(booking, { amount: 75, method: "BANK_TRANSFER", note: " ref 123 " }, context), {
    ok: true,
    value: { bookingId: "b1", amount: 75, method: "BANK_TRANSFER", note: "ref 123", receivedAt: now, recordedBy: staff, createdAt: now },
  });
  const earlier = minutes(-90);
  const past = planPayment(booking, { amount: 75, method: "CASH", receivedAt: earlier }, context);
  assert.equal(past.ok && past.value.receivedAt, earlier);
  const invalid = planPayment(booking, { amount: 12.345, method: "CASH" }, context);
  assert.deepEqual(!invalid.ok && invalid.error.fieldErrors, { amount: ["Invalid amount."] });
  const onConfirm = planPayment(booking, { amount: 0, method: "CASH" }, { ...context, field: "amountPaid" });
  assert.deepEqual(!onConfirm.ok && onConfirm.error.fieldErrors, { amountPaid: ["Invalid amount."] });
  const quote = planPayment({ _id: "q1", type: "QUOTE" }, { amount: 10, method: "CASH" }, context);
  assert.deepEqual(!quote.ok && [quote.error.kind, quote.error.code, quote.error.message], ["conflict", "QUOTE_NOT_PAYABLE", "Quotes cannot be paid."]);
  const future = planPayment(booking, { amount: 10, method: "CASH", receivedAt: minutes(1) }, context);
  assert.deepEqual(!future.ok && future.error.fieldErrors, { receivedAt: [PAYMENT_MESSAGES.receivedInFuture] });
});

Deno.test("planVoid: superadmins only, with a reason, once", async (t) => {
  const live = aPayment(10);
  const cases: { name: string; role: "admin" | "superadmin"; payment: Payment | undefined; reason: string; expected: unknown }[] = [
    { name: "a superadmin with a reason", role: "superadmin", payment: live, reason: "  Bounced ", expected: { ok: true, value: "Bounced" } },
    {
      name: "an admin: 403",
      role: "admin",
      payment: live,
      reason: "Bounced",
      expected: { ok: false, error: { kind: "forbidden", code: "FORBIDDEN", message: "Only a superadmin can void a payment." } },
    },
    {
      name: "no reason: 422",
      role: "superadmin",
      payment: live,
      reason: "   ",
      expected: {
        ok: false,
        error: { kind: "validation", code: "VALIDATION_FAILED", message: PAYMENT_MESSAGES.reasonRequired, fieldErrors: { reason: [PAYMENT_MESSAGES.reasonRequired] } },
      },
    },
    {
      name: "not one of this booking's payments: 404",
      role: "superadmin",
      payment: undefined,
      reason: "Bounced",
      expected: { ok: false, error: { kind: "not_found", code: "PAYMENT_NOT_FOUND", message: "Payment not found." } },
    },
    {
      name: "voided already: 409",
      role: "superadmin",
      payment: voided(live),
      reason: "Bounced",
      expected: { ok: false, error: { kind: "conflict", code: "PAYMENT_ALREADY_VOIDED", message: "This payment is already void." } },
    },
  ];
  for (const c of cases) {
    await t.step(c.name, () => assert.deepEqual(planVoid(c.role, c.payment, c.reason), c.expected));
  }
});

const refundOf = (payment: Payment, amount: number, overrides: Partial<Payment> = {}): Payment =>
  aPayment(-amount, { kind: "REFUND", refundOf: payment._id, method: "CARD", ...overrides });

Deno.test("issue 30: a refund lowers paid to date and may reopen the balance", async (t) => {
  const booking = { type: "BOOKING" as const, firstServiceTotal: 275 };
  const paid = aPayment(275, { method: "CARD" });
  await t.step("a part refund: UNPAID again, paidAt cleared", () => {
    const refund = refundOf(paid, 75);
    assert.deepEqual(paymentState(booking, [paid, refund]), { paymentStatus: "UNPAID", totalPaid: 200, paidAt: null });
    const summary = paymentSummary(booking, [paid, refund]);
    assert.deepEqual([summary.paidToDate, summary.balance], [200, 75]);
    assert.equal(summary.items[0]._id, refund._id, "latest first");
  });
  await t.step("paid again after the refund: PAID when the later payment came", () => {
    const refund = refundOf(paid, 75);
    const again = aPayment(75);
    assert.deepEqual(paymentState(booking, [paid, refund, again]), { paymentStatus: "PAID", totalPaid: 275, paidAt: again.receivedAt });
  });
  await t.step("all refunded: nothing paid", () => {
    assert.deepEqual(paymentState(booking, [paid, refundOf(paid, 275)]), { paymentStatus: "UNPAID", totalPaid: null, paidAt: null });
  });
  await t.step("a refund is never voided, nor a payment with refunds", () => {
    const refund = refundOf(paid, 10);
    assert.deepEqual(planVoid("superadmin", refund, "Oops"), {
      ok: false,
      error: { kind: "conflict", code: "PAYMENT_NOT_VOIDABLE", message: PAYMENT_MESSAGES.refundNotVoidable },
    });
    assert.deepEqual(planVoid("superadmin", paid, "Oops", true), {
      ok: false,
      error: { kind: "conflict", code: "PAYMENT_NOT_VOIDABLE", message: PAYMENT_MESSAGES.refundedNotVoidable },
    });
  });
});

Deno.test("property: paid to date = payments - refunds (entries not voided), in cents; PAID iff it reaches the total", () => {
  const step = fc.record({
    cents: fc.integer({ min: 1, max: 50_000 }),
    refund: fc.boolean(),
    voided: fc.boolean(),
    minute: fc.integer({ min: 0, max: 10_000 }),
  });
  fc.assert(fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.array(step, { maxLength: 40 }), (dueCents, steps) => {
    const payments: Payment[] = [];
    let paymentsCents = 0;
    let refundsCents = 0;
    for (const [i, s] of steps.entries()) {
      const at = { _id: `r${i}`, receivedAt: minutes(s.minute), createdAt: minutes(i) };
      // A refund gives back part of a payment already in the ledger: never more than is paid so far.
      const refundable = paymentsCents - refundsCents;
      let entry: Payment;
      if (s.refund && refundable > 0) {
        const cents = Math.min(s.cents, refundable);
        entry = aPayment(-cents / 100, { ...at, kind: "REFUND", refundOf: payments[0]._id, receivedAt: minutes(20_000 + i) });
        if (!s.voided) refundsCents += cents;
      } else {
        entry = aPayment(s.cents / 100, at);
        if (!s.voided) paymentsCents += s.cents;
      }
      payments.push(s.voided ? voided(entry) : entry);
    }
    const paid = paymentsCents - refundsCents;
    const summary = paymentSummary({ type: "BOOKING", firstServiceTotal: dueCents / 100 }, payments);
    assert.equal(summary.paidToDate, paid / 100);
    assert.equal(summary.balance, (dueCents - paid) / 100);
    const state = paymentState({ firstServiceTotal: dueCents / 100 }, payments);
    assert.equal(state.totalPaid, paid === 0 ? null : paid / 100);
    assert.equal(state.paymentStatus === "PAID", paid > 0 && paid >= dueCents);
    assert.equal(state.paidAt === null, state.paymentStatus === "UNPAID");
  }));
});
