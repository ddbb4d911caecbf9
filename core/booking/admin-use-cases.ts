/** The staff bookings calls: list with chips, details, status, payment, CSV export. */
import { type Actor, auditEntry } from "../admin/audit.ts";
import type { AdminRole } from "../admin/types.ts";
import type { Clock } from "../shared/ports.ts";
import { err, notFound, ok, type Result } from "../shared/result.ts";
import { bookingsCsv, bookingsCsvFileName } from "./admin-csv.ts";
import type { BookingAdminStore } from "./admin-ports.ts";
import { type BookingListQuery, type BookingStats, offsetOf, type Page, statsFilter, totalPagesOf } from "./admin-query.ts";
import { capacityClaim } from "./capacity.ts";
import { confirmPayment, planStatusChange } from "./status.ts";
import type { BookingRecord, SettableStatus } from "./types.ts";

const bookingNotFound = notFound("Booking", "BOOKING_NOT_FOUND");

export type BookingListPage = Page<BookingRecord> & { stats: BookingStats };

const paymentFields = (r: BookingRecord) => ({
  paymentStatus: r.paymentStatus,
  totalPaid: r.totalPaid,
  paidAt: r.paidAt,
});

/** A staff status change: the status, and a superadmin's choice to skip the capacity check. */
export interface StatusChange {
  status: SettableStatus;
  overrideCapacity?: boolean;
}

export function makeBookingsAdmin(deps: { bookings: BookingAdminStore; clock: Clock }) {
  const { bookings, clock } = deps;
  return {
    async list(query: BookingListQuery): Promise<BookingListPage> {
      const { filter, sort, limit, page } = query;
      const [items, { totalItems, stats }] = await Promise.all([
        bookings.list(filter, sort, { limit, offset: offsetOf(page, limit) }),
        bookings.count(filter, statsFilter(filter)),
      ]);
      return { items, stats, page, totalPages: totalPagesOf(totalItems, limit), totalItems };
    },

    async get(id: string): Promise<Result<BookingRecord>> {
      const record = await bookings.getById(id);
      return record ? ok(record) : err(bookingNotFound);
    },

    /**
     * Setting the status a booking already has changes nothing and writes no audit row. A booking
     * taking a place it did not hold (CANCELLED -> CONFIRMED) is decided under the capacity lock,
     * in the transaction that writes it, as a new booking is.
     */
    setStatus(actor: Actor & { role: AdminRole }, id: string, change: StatusChange): Promise<Result<BookingRecord>> {
      return bookings.transaction(async (tx) => {
        const before = await tx.lockById(id);
        if (!before) return err(bookingNotFound);
        const now = clock.now();
        const plan = planStatusChange(before, change, { now, role: actor.role });
        if (!plan.ok) return plan;
        if (plan.value.kind === "unchanged") return ok(before);
        const { status, capacity } = plan.value;
        if (capacity === "check") {
          const claim = capacityClaim({ start: before.startTime, end: before.endTime }, await tx.getScheduling());
          const decision = await tx.decideCapacity(claim, id);
          if (!decision.ok) return decision;
        }
        const after = await tx.setStatus(id, status, now);
        const overridden = capacity === "override" ? { overrideCapacity: true } : {};
        await tx.audit(
          auditEntry(actor, "booking.status", "booking", id, { status: before.status }, { status: after.status, ...overridden }),
        );
        return ok(after);
      });
    },

    /** The row lock makes the PAID check and the write one step: of two racing calls one gets 409. */
    confirmPayment(actor: Actor, id: string, amountPaid: number): Promise<Result<BookingRecord>> {
      return bookings.transaction(async (tx) => {
        const before = await tx.lockById(id);
        if (!before) return err(bookingNotFound);
        const amount = confirmPayment(before, amountPaid);
        if (!amount.ok) return amount;
        const after = await tx.recordPayment(id, amount.value, clock.now());
        await tx.audit(
          auditEntry(actor, "booking.confirm_payment", "booking", id, paymentFields(before), paymentFields(after)),
        );
        return ok(after);
      });
    },

    /** Every record the list's filters select (no paging), in the list's order. */
    async exportCsv(query: BookingListQuery): Promise<{ fileName: string; csv: string }> {
      const records = await bookings.listAll(query.filter, query.sort);
      return { fileName: bookingsCsvFileName(clock.now()), csv: bookingsCsv(records) };
    },
  };
}

export type BookingsAdmin = ReturnType<typeof makeBookingsAdmin>;
