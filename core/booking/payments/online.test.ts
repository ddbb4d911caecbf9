import assert from "node:assert/strict";
import fc from "fast-check";
import { amountDue, depositCents, refundable, refundedCents } from "./online.ts";
import type { Payment } from "./ledger.ts";
import { PAYMENT_SETTINGS_DEFAULTS, paymentSettingsSchema, paymentsConfig } from "../../settings/payment-settings.ts";

const t0 = new Date("2026-11-20T00:00:00Z");
let n = 0;
function entry(amount: number, overrides: Partial<Payment> = {}): Payment {
  n++;
  return {
    _id: `p${n}`,
    bookingId: "b1",
    amount,
    kind: amount < 0 ? "REFUND" : "PAYMENT",
    refundOf: null,
    stripe: null,
    method: "CARD",
    note: "",
    receivedAt: new Date(t0.getTime() + n * 60_000),
    recordedBy: { adminId: null, name: "Stripe", email: "" },
    createdAt: new Date(t0.getTime() + n * 60_000),
    voidedAt: null,
    voidedBy: null,
    voidReason: null,
    ...overrides,
  };
}
const booking = { type: "BOOKING" as const, status: "PENDING" as const, firstServiceTotal: 275 };
const settings = (deposit: { mode: "NONE" | "PERCENT" | "FIXED"; value: number }, balanceOnline = true) => ({ deposit, balanceOnline });

Deno.test("depositCents: a percent rounded to the cent, a fixed amount, never more than the balance", async (t) => {
  const cases: [string, { mode: "NONE" | "PERCENT" | "FIXED"; value: number }, number, number, number][] = [
    ["20% of A$275", { mode: "PERCENT", value: 20 }, 275, 27500, 5500],
    ["12.5% of A$157.05 rounds half away from zero", { mode: "PERCENT", value: 12.5 }, 157.05, 15705, 1963],
    ["33.33% of A$100", { mode: "PERCENT", value: 33.33 }, 100, 10000, 3333],
    ["100% is the whole total", { mode: "PERCENT", value: 100 }, 199.99, 19999, 19999],
    ["fixed A$50", { mode: "FIXED", value: 50 }, 275, 27500, 5000],
    ["fixed A$500 on A$275 is the balance", { mode: "FIXED", value: 500 }, 275, 27500, 27500],
    ["fixed A$50 with A$30 left is A$30", { mode: "FIXED", value: 50 }, 275, 3000, 3000],
    ["none", { mode: "NONE", value: 0 }, 275, 27500, 0],
    ["nothing owed", { mode: "PERCENT", value: 20 }, 275, -500, 0],
  ];
  for (const [name, deposit, total, balance, expected] of cases) {
    await t.step(name, () => assert.equal(depositCents(deposit, total, balance), expected));
  }
});

Deno.test("property: the deposit is between 0 and the balance, and a percent is within half a cent", () => {
  fc.assert(fc.property(
    fc.integer({ min: 0, max: 10_000_000 }),
    fc.integer({ min: 100, max: 10_000 }),
    fc.integer({ min: -10_000, max: 10_000_000 }),
    (totalCents, percentHundredths, balanceCents) => {
      const percent = percentHundredths / 100;
      const cents = depositCents({ mode: "PERCENT", value: percent }, totalCents / 100, balanceCents);
      assert.ok(Number.isInteger(cents));
      assert.ok(cents >= 0 && cents <= Math.max(0, balanceCents));
      if (balanceCents >= totalCents) assert.ok(Math.abs(cents - totalCents * percent / 100) <= 0.5 + 1e-9);
    },
  ));
});

Deno.test("amountDue: what a checkout may take", async (t) => {
  await t.step("a deposit while nothing is paid", () => {
    assert.deepEqual(amountDue("DEPOSIT", booking, [], settings({ mode: "PERCENT", value: 20 })), { ok: true, value: 5500 });
  });
  await t.step("no deposit once something is paid", () => {
    const due = amountDue("DEPOSIT", booking, [entry(10)], settings({ mode: "PERCENT", value: 20 }));
    assert.equal(!due.ok && due.error.code, "NOTHING_DUE");
  });
  await t.step("no deposit when none is set", () => {
    const due = amountDue("DEPOSIT", booking, [], settings({ mode: "NONE", value: 0 }));
    assert.deepEqual(!due.ok && [due.error.code, due.error.message], ["NOTHING_DUE", "A deposit is not taken online."]);
  });
  await t.step("the balance: what is still owed, refunds counted back", () => {
    const paid = entry(100);
    const refund = entry(-40, { refundOf: paid._id });
    assert.deepEqual(amountDue("BALANCE", booking, [paid, refund], settings({ mode: "NONE", value: 0 })), { ok: true, value: 21500 });
  });
  await t.step("the balance when it is not offered", () => {
    const due = amountDue("BALANCE", booking, [], settings({ mode: "NONE", value: 0 }, false));
    assert.equal(!due.ok && due.error.code, "NOTHING_DUE");
  });
  await t.step("nothing owed", () => {
    const due = amountDue("BALANCE", booking, [entry(275)], settings({ mode: "NONE", value: 0 }));
    assert.deepEqual(!due.ok && [due.error.kind, due.error.code], ["conflict", "NOTHING_DUE"]);
  });
  await t.step("a quote, a cancelled booking", () => {
    const quote = amountDue("BALANCE", { ...booking, type: "QUOTE" }, [], settings({ mode: "NONE", value: 0 }));
    assert.equal(!quote.ok && quote.error.code, "QUOTE_NOT_PAYABLE");
    const cancelled = amountDue("BALANCE", { ...booking, status: "CANCELLED" }, [], settings({ mode: "NONE", value: 0 }));
    assert.deepEqual(!cancelled.ok && [cancelled.error.code, cancelled.error.message], [
      "NOTHING_DUE",
      "This booking is cancelled, so nothing can be paid on it.",
    ]);
  });
});

Deno.test("refundable: a live card payment taken online, less its refunds", () => {
  const online = entry(100, { stripe: { sessionId: "cs_1", paymentIntentId: "pi_1", refundId: null } });
  const cash = entry(50, { method: "CASH" });
  const staffCard = entry(50);
  const first = entry(-30, { refundOf: online._id, stripe: { sessionId: null, paymentIntentId: "pi_1", refundId: "re_1" } });
  const voidedRefund = entry(-20, { refundOf: online._id, voidedAt: t0, voidReason: "x" });
  const ledger = [online, cash, staffCard, first, voidedRefund];
  assert.equal(refundedCents(ledger, online._id), 3000);
  assert.deepEqual(refundable(ledger, online._id), { payment: online, leftCents: 7000 });
  assert.equal(refundable(ledger, cash._id), null, "cash is given back by hand");
  assert.equal(refundable(ledger, staffCard._id), null, "a card payment staff recorded has no payment_intent");
  assert.equal(refundable(ledger, first._id), null, "a refund is not refunded");
  assert.equal(refundable([...ledger, entry(-70, { refundOf: online._id })], online._id), null, "all given back");
  assert.equal(refundable([{ ...online, voidedAt: t0, voidReason: "x" }], online._id), null, "voided");
});

Deno.test("the payment settings: read for their mode, and hidden while payments are off", () => {
  assert.deepEqual(paymentSettingsSchema.parse({ deposit: { mode: "NONE", value: 25 }, balanceOnline: true }), {
    deposit: { mode: "NONE", value: 0 },
    balanceOnline: true,
  });
  assert.deepEqual(paymentSettingsSchema.parse({ deposit: { mode: "PERCENT", value: 20 }, balanceOnline: false }).deposit, { mode: "PERCENT", value: 20 });
  for (const bad of [{ mode: "PERCENT", value: 0 }, { mode: "PERCENT", value: 101 }, { mode: "FIXED", value: 0 }, { mode: "FIXED", value: 12.345 }]) {
    const parsed = paymentSettingsSchema.safeParse({ deposit: bad, balanceOnline: false });
    assert.deepEqual(parsed.error?.issues.map((i) => i.path.join(".")), ["deposit.value"], JSON.stringify(bad));
  }
  const saved = { deposit: { mode: "FIXED" as const, value: 50 }, balanceOnline: true };
  assert.deepEqual(paymentsConfig(true, saved), { enabled: true, ...saved });
  assert.deepEqual(paymentsConfig(false, saved), { enabled: false, ...PAYMENT_SETTINGS_DEFAULTS });
});
