import assert from "node:assert/strict";
import type { AdminRole } from "../shared/staff-roles.ts";
import { confirmPayment, nextStatus, planStatusChange, type StatusChangePlan } from "./status.ts";
import type { PaymentStatus, RecordStatus, RecordType } from "./types.ts";

Deno.test("nextStatus", async (t) => {
  const invalid = {
    kind: "validation",
    code: "INVALID_STATUS",
    message: "Status must be CONFIRMED, CANCELLED or DONE.",
    fieldErrors: { status: ["Status must be CONFIRMED, CANCELLED or DONE."] },
  };
  const quote = {
    kind: "conflict",
    code: "QUOTE_HAS_NO_STATUS",
    message: "Quotes have no status actions.",
  };
  const cases: {
    type: RecordType;
    status: RecordStatus;
    target: unknown;
    value?: string;
    error?: object;
  }[] = [
    { type: "BOOKING", status: "PENDING", target: "CONFIRMED", value: "CONFIRMED" },
    { type: "BOOKING", status: "PENDING", target: "CANCELLED", value: "CANCELLED" },
    { type: "BOOKING", status: "PENDING", target: "DONE", value: "DONE" },
    { type: "BOOKING", status: "CANCELLED", target: "CONFIRMED", value: "CONFIRMED" },
    { type: "BOOKING", status: "DONE", target: "CANCELLED", value: "CANCELLED" },
    { type: "BOOKING", status: "CONFIRMED", target: "CONFIRMED", value: "CONFIRMED" },
    { type: "BOOKING", status: "PENDING", target: "PENDING", error: invalid },
    { type: "BOOKING", status: "PENDING", target: "QUOTE_REQUESTED", error: invalid },
    { type: "BOOKING", status: "PENDING", target: "confirmed", error: invalid },
    { type: "BOOKING", status: "PENDING", target: undefined, error: invalid },
    { type: "BOOKING", status: "PENDING", target: 1, error: invalid },
    { type: "BOOKING", status: "PENDING", target: ["DONE"], error: invalid },
    { type: "QUOTE", status: "QUOTE_REQUESTED", target: "CONFIRMED", error: quote },
    { type: "QUOTE", status: "QUOTE_REQUESTED", target: "nonsense", error: quote },
  ];
  for (const c of cases) {
    await t.step(`${c.type} ${c.status} -> ${JSON.stringify(c.target)}`, () => {
      const result = nextStatus({ type: c.type, status: c.status }, c.target);
      assert.deepEqual(
        result,
        c.value !== undefined ? { ok: true, value: c.value } : { ok: false, error: c.error },
      );
    });
  }
});

Deno.test("confirmPayment", async (t) => {
  const invalid = {
    kind: "validation",
    code: "INVALID_AMOUNT",
    message: "Invalid amount.",
    fieldErrors: { amountPaid: ["Invalid amount."] },
  };
  const cases: {
    name: string;
    type?: RecordType;
    paid?: PaymentStatus;
    amount: unknown;
    value?: number;
    error?: object;
  }[] = [
    { name: "a whole amount", amount: 180, value: 180 },
    { name: "cents", amount: 157.05, value: 157.05 },
    { name: "a third decimal (issue 15)", amount: 1.005, error: invalid },
    { name: "zero (issue 15: a payment is positive)", amount: 0, error: invalid },
    { name: "a numeric string from a prompt", amount: " 99.5 ", value: 99.5 },
    { name: "negative", amount: -1, error: invalid },
    { name: "NaN", amount: Number.NaN, error: invalid },
    { name: "Infinity", amount: Number.POSITIVE_INFINITY, error: invalid },
    { name: "text", amount: "lots", error: invalid },
    { name: "blank", amount: "  ", error: invalid },
    { name: "missing", amount: undefined, error: invalid },
    { name: "null", amount: null, error: invalid },
    { name: "an object", amount: { amount: 5 }, error: invalid },
    { name: "the most a payment may be", amount: 100_000, value: 100_000 },
    { name: "more than A$100,000 (numeric(12,2) overflowed at 1e10)", amount: 1e10, error: invalid },
    { name: "A$99,999,999 (issue 15)", amount: 99_999_999, error: invalid },
    {
      name: "a quote",
      type: "QUOTE",
      amount: 100,
      error: { kind: "conflict", code: "QUOTE_NOT_PAYABLE", message: "Quotes cannot be paid." },
    },
    {
      name: "already paid",
      paid: "PAID",
      amount: 100,
      error: { kind: "conflict", code: "ALREADY_PAID", message: "This booking is already paid." },
    },
  ];
  for (const c of cases) {
    await t.step(c.name, () => {
      const result = confirmPayment({
        type: c.type ?? "BOOKING",
        paymentStatus: c.paid ?? "UNPAID",
      }, c.amount);
      assert.deepEqual(
        result,
        c.value !== undefined ? { ok: true, value: c.value } : { ok: false, error: c.error },
      );
    });
  }
});

Deno.test("planStatusChange", async (t) => {
  const start = new Date("2026-11-27T09:00:00+11:00");
  const before = new Date(start.getTime() - 60_000);
  const jobNotStarted = {
    kind: "conflict",
    code: "JOB_NOT_STARTED",
    message: "A job can be marked done only once it has started.",
  };
  const overrideForbidden = {
    kind: "forbidden",
    code: "FORBIDDEN",
    message: "Only a superadmin can override capacity.",
  };
  const cases: {
    from: RecordStatus;
    to: unknown;
    now?: Date;
    role?: AdminRole;
    overrideCapacity?: boolean;
    plan?: StatusChangePlan;
    error?: object;
  }[] = [
    // Taking a place back is decided under the capacity rule, or overridden by a superadmin.
    { from: "CANCELLED", to: "CONFIRMED", plan: { kind: "write", status: "CONFIRMED", capacity: "check" } },
    { from: "CANCELLED", to: "DONE", plan: { kind: "write", status: "DONE", capacity: "check" } },
    { from: "CANCELLED", to: "CONFIRMED", role: "superadmin", overrideCapacity: true, plan: { kind: "write", status: "CONFIRMED", capacity: "override" } },
    { from: "CANCELLED", to: "CONFIRMED", role: "superadmin", overrideCapacity: false, plan: { kind: "write", status: "CONFIRMED", capacity: "check" } },
    { from: "CANCELLED", to: "CONFIRMED", role: "admin", overrideCapacity: true, error: overrideForbidden },
    { from: "CANCELLED", to: "CONFIRMED", role: "admin", overrideCapacity: false, plan: { kind: "write", status: "CONFIRMED", capacity: "check" } },
    // Between place-holding statuses, and into CANCELLED, nothing to check.
    { from: "PENDING", to: "CONFIRMED", plan: { kind: "write", status: "CONFIRMED", capacity: "none" } },
    { from: "CONFIRMED", to: "DONE", plan: { kind: "write", status: "DONE", capacity: "none" } },
    { from: "DONE", to: "CONFIRMED", plan: { kind: "write", status: "CONFIRMED", capacity: "none" } },
    { from: "PENDING", to: "CONFIRMED", role: "superadmin", overrideCapacity: true, plan: { kind: "write", status: "CONFIRMED", capacity: "none" } },
    { from: "CONFIRMED", to: "CANCELLED", plan: { kind: "write", status: "CANCELLED", capacity: "none" } },
    { from: "CANCELLED", to: "CANCELLED", plan: { kind: "unchanged" } },
    // DONE waits for the start; setting it again is still no change.
    { from: "CONFIRMED", to: "DONE", now: before, error: jobNotStarted },
    { from: "CANCELLED", to: "DONE", now: before, error: jobNotStarted },
    { from: "CONFIRMED", to: "DONE", now: start, plan: { kind: "write", status: "DONE", capacity: "none" } },
    { from: "DONE", to: "DONE", now: before, plan: { kind: "unchanged" } },
  ];
  for (const c of cases) {
    const name = `${c.from} -> ${c.to} (${c.role ?? "admin"}${c.overrideCapacity ? ", override" : ""}${c.now === before ? ", before start" : ""})`;
    await t.step(name, () => {
      const result = planStatusChange(
        { type: "BOOKING", status: c.from, startTime: start },
        { status: c.to, overrideCapacity: c.overrideCapacity },
        { now: c.now ?? new Date(start.getTime() + 3_600_000), role: c.role ?? "admin" },
      );
      assert.deepEqual(result, c.plan ? { ok: true, value: c.plan } : { ok: false, error: c.error });
    });
  }

  await t.step("quotes and bad statuses keep nextStatus's errors", () => {
    const quote = planStatusChange(
      { type: "QUOTE", status: "QUOTE_REQUESTED", startTime: start },
      { status: "CONFIRMED" },
      { now: start, role: "superadmin" },
    );
    assert.equal(!quote.ok && quote.error.code, "QUOTE_HAS_NO_STATUS");
    const invalid = planStatusChange({ type: "BOOKING", status: "PENDING", startTime: start }, { status: "PENDING" }, { now: start, role: "admin" });
    assert.equal(!invalid.ok && invalid.error.code, "INVALID_STATUS");
  });
});
