/** The staff bookings calls: list with chips, details, status, payment, CSV export. */
import { type Actor, auditEntry } from "../shared/audit.ts";
import type { AdminRole } from "../shared/staff-roles.ts";
import type { Clock } from "../shared/ports.ts";
import { err, type ErrorOf, ok, type Result } from "../shared/result.ts";
import { bookingsCsv, bookingsCsvFileName } from "../booking/staff/csv.ts";
import type { BookingAdminStore } from "../booking/staff/ports.ts";
import { type BookingListQuery, type BookingStats, statsFilter } from "../booking/staff/list-query.ts";
import { offsetOf, type Page, totalPagesOf } from "../shared/list-query.ts";
import { RESERVATION_ERRORS, reservation } from "../booking/capacity/reservation.ts";
import { customerEmailKey } from "../customers/match.ts";
import { BOOKING_NOT_FOUND, CONFIRM_AMOUNT_ERRORS, confirmPayment, planStatusChange, STATUS_CHANGE_ERRORS } from "../booking/status.ts";
import { DEFAULT_PAYMENT_METHOD, PLAN_PAYMENT_ERRORS, type PaymentMethod, planPayment } from "../booking/payments/ledger.ts";
import { appendPayment, type PaymentActor, paymentStateOf, staffSnapshot } from "../booking/payments/admin.ts";
import type { BookingRecord, SettableStatus } from "../booking/types.ts";
import { newManageToken } from "../booking/manage/token.ts";
import type { MessageContext } from "../notifications/email-parts.ts";
import { statusUpdateEmail, statusUpdateFor } from "../notifications/customer-updates.ts";
import type { BusinessDetails } from "../settings/business-details.ts";
import { buildInvoice, type InvoiceLine } from "../invoicing/invoice.ts";
import { issueInvoiceNumber } from "../invoicing/invoicing.ts";
import type { InvoicePdfRenderer } from "../invoicing/ports.ts";
import { invoiceEmail } from "../notifications/invoice-emails.ts";
import { feedbackRequestEmail } from "../notifications/feedback-emails.ts";
import type { FeedbackSettings } from "../feedback/settings.ts";
import { asksWhenDone, newFeedbackRequest } from "../feedback/rules.ts";
import { feedbackUrl } from "../feedback/token.ts";

/** One booking or quote: only it can be missing. */
export const GET_BOOKING_ERRORS = [BOOKING_NOT_FOUND] as const;
export type GetBookingError = ErrorOf<typeof GET_BOOKING_ERRORS>;

/** A status change: the booking, the status rules, then the one reservation when it takes its place back. */
export const SET_STATUS_ERRORS = [BOOKING_NOT_FOUND, ...STATUS_CHANGE_ERRORS, ...RESERVATION_ERRORS] as const;
export type SetStatusError = ErrorOf<typeof SET_STATUS_ERRORS>;

/** confirm-payment: the booking, its amount (a quote, a booking already paid), then the ledger's payment. */
export const CONFIRM_PAYMENT_ERRORS = [BOOKING_NOT_FOUND, ...CONFIRM_AMOUNT_ERRORS, ...PLAN_PAYMENT_ERRORS] as const;
export type ConfirmPaymentError = ErrorOf<typeof CONFIRM_PAYMENT_ERRORS>;

export type BookingListPage = Page<BookingRecord> & { stats: BookingStats };

/** A record's derived payment state, as the confirm_payment audit row shows it. */
const paymentFields = paymentStateOf;

/** confirm-payment's body: the spec's amountPaid, and optionally how it was paid and a note. */
export interface ConfirmPaymentInput {
  amountPaid: number;
  method?: PaymentMethod;
  note?: string;
}

/** A staff status change: the status, a superadmin's choice to skip the capacity check, and why it was cancelled. */
export interface StatusChange {
  status: SettableStatus;
  overrideCapacity?: boolean;
  /** With CANCELLED only (ignored otherwise): stored, audited and told to the customer; blank means none. */
  reason?: string;
}

export interface BookingsAdminDeps {
  bookings: BookingAdminStore;
  clock: Clock;
  /** The business profile, policy and site URL the customer's e-mails are composed with (api/mailer.ts). */
  messages: { context(): Promise<MessageContext> };
  /**
   * Issue 30: the invoice e-mailed when a job is marked DONE, when the business details ask for it
   * (emailInvoiceOnDone); without this, DONE sends nothing.
   */
  invoices?: {
    details(): Promise<BusinessDetails>;
    /** The lines of the priced quote the customer accepted, when the booking was one. */
    quotedLines(bookingId: string): Promise<InvoiceLine[] | null>;
    pdf: InvoicePdfRenderer;
  };
  /**
   * Issue 32: the customer asked to rate the job when it is marked DONE (when the feedback
   * settings ask for it at once); without this, DONE asks nothing.
   */
  feedback?: { settings(): Promise<FeedbackSettings> };
}

export function makeBookingsAdmin(deps: BookingsAdminDeps) {
  const { bookings, clock, messages } = deps;
  return {
    async list(query: BookingListQuery): Promise<BookingListPage> {
      const { filter, sort, limit, page } = query;
      const [items, { totalItems, stats }] = await Promise.all([
        bookings.list(filter, sort, { limit, offset: offsetOf(page, limit) }),
        bookings.count(filter, statsFilter(filter)),
      ]);
      return { items, stats, page, totalPages: totalPagesOf(totalItems, limit), totalItems };
    },

    async get(id: string): Promise<Result<BookingRecord, GetBookingError>> {
      const record = await bookings.getById(id);
      return record ? ok(record) : err(BOOKING_NOT_FOUND);
    },

    /**
     * Setting the status a booking already has changes nothing, writes no audit row and sends no
     * e-mail. A booking taking a place it did not hold (CANCELLED -> CONFIRMED) is decided under
     * the capacity lock, in the transaction that writes it, as a new booking is. A confirmation or
     * cancellation the customer must hear of (statusUpdateFor) raises the calendar SEQUENCE and
     * queues their e-mail, with its own manage-my-booking token, in that same transaction; so does
     * DONE's invoice and feedback request, when the settings ask for them.
     */
    async setStatus(actor: Actor & { role: AdminRole }, id: string, change: StatusChange): Promise<Result<BookingRecord, SetStatusError>> {
      // Read before the transaction: it holds the row lock (and PGlite's one connection).
      const ctx = await messages.context();
      const invoicing = change.status === "DONE" && deps.invoices
        ? await Promise.all([deps.invoices.details(), deps.invoices.quotedLines(id)])
        : null;
      const [details, quotedLines] = invoicing ?? [null, null];
      const feedbackSettings = change.status === "DONE" && deps.feedback ? await deps.feedback.settings() : null;
      return bookings.transaction(async (tx) => {
        const before = await tx.lockById(id);
        if (!before) return err(BOOKING_NOT_FOUND);
        const now = clock.now();
        const plan = planStatusChange(before, change, { now, role: actor.role });
        if (!plan.ok) return plan;
        if (plan.value.kind === "unchanged") return ok(before);
        const { status, capacity } = plan.value;
        const update = statusUpdateFor(before.status, status);
        const cancelReason = status === "CANCELLED" ? (change.reason ?? "").trim() : undefined;
        const write = () => tx.setStatus(id, status, now, { cancelReason, raiseCalendarSequence: update !== null });
        let after: BookingRecord;
        if (capacity === "none") {
          after = await write();
        } else {
          // Taking its place back, the job takes its cleaners' time back too (they may have been
          // given another job meanwhile): the one reservation decides both. An override is about
          // places, never about people.
          const reserved = await tx.reserve(
            reservation({ start: before.startTime, end: before.endTime }, await tx.getScheduling(), {
              bookingId: id,
              takesPlace: capacity === "check",
              cleaners: { kind: "require", ids: before.cleanerIds, stays: before.cleanerIds },
              customerEmailKey: customerEmailKey(before.email),
              audience: "staff",
            }),
            write,
          );
          if (!reserved.ok) return reserved;
          after = reserved.value.booking;
        }
        if (update) {
          const manage = newManageToken();
          await tx.saveManageTokenHash(id, manage.hash);
          await tx.enqueueEmail(statusUpdateEmail(update, after, ctx, { manageToken: manage.token }));
        }
        if (status === "DONE" && after.type === "BOOKING" && details?.emailInvoiceOnDone && deps.invoices) {
          // The number is issued in this transaction: were the change to roll back, so would the number.
          const issued = await issueInvoiceNumber({ issueNumber: tx.issueInvoiceNumber, audit: tx.audit }, actor, after, now);
          const invoice = buildInvoice(after, details, await tx.ledger.list(id), issued, quotedLines);
          await tx.enqueueEmail(invoiceEmail(after, invoice, await deps.invoices.pdf.invoice(invoice), ctx));
        }
        if (status === "DONE" && feedbackSettings && asksWhenDone(after, feedbackSettings)) {
          const request = newFeedbackRequest(id, now);
          // Asked once automatically: a job marked DONE again keeps its first request, and is not mailed again.
          if (await tx.saveFirstFeedbackRequest(request.row)) {
            const link = { url: feedbackUrl(ctx.siteUrl, request.token), expiresAt: request.row.expiresAt };
            await tx.enqueueEmail(feedbackRequestEmail(after, ctx, link));
          }
        }
        const overridden = capacity === "override" ? { overrideCapacity: true } : {};
        const reason = cancelReason ? { reason: cancelReason } : {};
        await tx.audit(
          auditEntry(actor, "booking.status", "booking", id, { status: before.status }, { status: after.status, ...overridden, ...reason }),
        );
        return ok(after);
      });
    },

    /**
     * The spec's call: records the amount as one ledger payment (method OTHER unless named), then
     * the booking's state follows the ledger. The row lock makes the PAID check and the write one
     * step: of two racing calls that would each pay in full, the second gets 409 ALREADY_PAID.
     */
    confirmPayment(actor: PaymentActor, id: string, input: ConfirmPaymentInput): Promise<Result<BookingRecord, ConfirmPaymentError>> {
      return bookings.transaction(async (tx) => {
        const before = await tx.lockById(id);
        if (!before) return err(BOOKING_NOT_FOUND);
        const amount = confirmPayment(before, input.amountPaid);
        if (!amount.ok) return amount;
        const now = clock.now();
        const planned = planPayment(
          before,
          { amount: amount.value, method: input.method ?? DEFAULT_PAYMENT_METHOD, note: input.note },
          { now, recordedBy: staffSnapshot(actor), field: "amountPaid" },
        );
        if (!planned.ok) return planned;
        const { booking: after, payment } = await appendPayment(tx.ledger, before, planned.value);
        await tx.audit(auditEntry(actor, "booking.confirm_payment", "booking", id, paymentFields(before), {
          ...paymentFields(after),
          paymentId: payment._id,
          amount: payment.amount,
          method: payment.method,
        }));
        return ok(after);
      });
    },

    /** Every record the list's filters select (no paging), in the list's order. */
    async exportCsv(query: BookingListQuery): Promise<{ fileName: string; csv: string }> {
      const [records, cleaners] = await Promise.all([bookings.listAll(query.filter, query.sort), bookings.cleanerNames()]);
      return { fileName: bookingsCsvFileName(clock.now()), csv: bookingsCsv(records, cleaners) };
    },
  };
}

export type BookingsAdmin = ReturnType<typeof makeBookingsAdmin>;
