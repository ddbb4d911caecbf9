/** Adapters -> use cases: the dependency graph both start() and the tests build. */
import type { Sql } from "../adapters/postgres/db.ts";
import { makeCatalogReader } from "../adapters/postgres/catalog-repository.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import { makeBookingStore } from "../adapters/postgres/booking-repository.ts";
import { makeInquiryStore } from "../adapters/postgres/inquiry-repository.ts";
import { makeIdempotencyStore } from "../adapters/postgres/idempotency-repository.ts";
import { makeRateLimitStore } from "../adapters/postgres/rate-limit-repository.ts";
import { makeCreateBooking } from "../core/workflows/create-booking.ts";
import type { ReadCache } from "../adapters/cache/read-cache.ts";
import { makeAvailabilityReader } from "../adapters/postgres/availability-reads.ts";
import { makeCheckAvailability } from "../core/booking/capacity/check-availability.ts";
import { makeGetAvailability } from "../core/booking/capacity/availability.ts";
import { makeClosedDatesStore } from "../adapters/postgres/closed-dates-repository.ts";
import { makeCreateInquiry } from "../core/inquiry/create-inquiry.ts";
import type { BookingRecord } from "../core/booking/types.ts";
import type { CustomerLinks } from "../core/booking/ports.ts";
import type { MessageContext } from "../core/notifications/email-parts.ts";
import type { Inquiry } from "../core/inquiry/types.ts";
import type { OutboxMessage } from "../core/shared/outbox.ts";
import { type Clock, systemClock } from "../core/shared/ports.ts";
import type { AppDeps } from "./app.ts";
import { makeAdminStore } from "../adapters/postgres/admin-repository.ts";
import { makeDeviceAttempts, makeLoginThrottle } from "../adapters/postgres/login-throttle.ts";
import { makeDeviceCookies } from "../adapters/security/device-cookie.ts";
import { makeJwtTokens } from "../adapters/security/jwt.ts";
import { argon2Hasher, DECOY_PASSWORD_HASH } from "../adapters/security/password.ts";
import { makeLogin } from "../core/admin/login.ts";
import { makeStaffSessions } from "../core/admin/sessions.ts";
import type { CommonPasswordList, PasswordHasher } from "../core/admin/ports.ts";
import { makeAdminSessionStore } from "../adapters/postgres/admin-sessions-repository.ts";
import { commonPasswords } from "../adapters/security/common-passwords.ts";
import { makeCatalogAdminStore } from "../adapters/postgres/catalog-admin-repository.ts";
import { makeBookingAdminStore } from "../adapters/postgres/booking-admin-repository.ts";
import { makeInquiryAdminStore } from "../adapters/postgres/inquiry-admin-repository.ts";
import {
  makeAdminAccountsTransactor,
  makeAuditReader,
  makeSettingsAdminTransactor,
} from "../adapters/postgres/admin-accounts-repository.ts";
import { policyHtmlSanitizer } from "../adapters/security/sanitize-html.ts";
import { makeCatalogAdmin } from "../core/catalog/admin-catalog.ts";
import { makeBookingsAdmin } from "../core/workflows/bookings-admin.ts";
import { makePaymentsAdmin } from "../core/booking/payments/admin.ts";
import { makePaymentsStore } from "../adapters/postgres/payments-repository.ts";
import { makeInquiriesAdmin } from "../core/inquiry/admin-use-cases.ts";
import { makeSettingsAdmin } from "../core/settings/admin-settings.ts";
import { makeClosedDatesAdmin } from "../core/workflows/close-day.ts";
import { makeServiceAreaAdmin } from "../core/settings/admin-settings.ts";
import { makeClosedDatesAdminTransactor } from "../adapters/postgres/closed-dates-repository.ts";
import { victorianHolidayCalendar } from "../adapters/holidays/victorian-public-holidays.ts";
import { makeManageAdmins } from "../core/admin/manage-admins.ts";
import { makeListAudit, makeRecordHistory } from "../core/admin/manage-audit.ts";
import { makeManageBooking } from "../core/workflows/manage-booking.ts";
import { makeTeamReader } from "../adapters/postgres/team-availability.ts";
import { makeManageStore } from "../adapters/postgres/manage-repository.ts";
import { makeStaffBookings } from "../core/workflows/staff-bookings.ts";
import { makeStaffBookingStore } from "../adapters/postgres/staff-bookings-repository.ts";
import { makeCleanersAdmin } from "../core/cleaners/use-cases.ts";
import { makeCleanerAssignment } from "../core/booking/staff/assign-cleaners.ts";
import { makeCleanersStore } from "../adapters/postgres/cleaners-repository.ts";
import { makeCleanerAccounts } from "../core/admin/cleaner-accounts.ts";
import { makeCleanerAccountsStore } from "../adapters/postgres/cleaner-accounts-repository.ts";
import { makeGetSchedule } from "../core/booking/staff/schedule.ts";
import { makeAttendanceAdmin, makeTeamJobs, makeTimesheets } from "../core/team/use-cases.ts";
import { makeAttendanceStore, makeTeamJobsStore, makeTimesheetStore } from "../adapters/postgres/team-jobs-repository.ts";
import { makeScheduleReader } from "../adapters/postgres/schedule-repository.ts";
import { makeCustomersAdmin } from "../core/customers/use-cases.ts";
import { makeCustomersStore } from "../adapters/postgres/customers-repository.ts";
import { makeSeriesAdmin } from "../core/workflows/series-admin.ts";
import { makeSeriesStore } from "../adapters/postgres/series-repository.ts";
import { makeSeriesPlanningJob } from "../adapters/jobs/series-planning.ts";
import { makeBusinessDetailsAdmin } from "../core/settings/business-details.ts";
import { makeInvoicing } from "../core/invoicing/invoicing.ts";
import { acceptedQuoteLines, makeInvoiceStore } from "../adapters/postgres/invoices-repository.ts";
import { pdfInvoiceRenderer } from "../adapters/pdf/invoice-pdf.ts";
import { makeOnlinePayments } from "../core/booking/payments/online.ts";
import { makePaymentSettingsAdmin } from "../core/settings/payment-settings.ts";
import { makeOnlinePaymentsStore } from "../adapters/postgres/stripe-repository.ts";
import { makeStripeGateway, type StripeOptions } from "../adapters/stripe/stripe-gateway.ts";
import { makePricedQuotes } from "../core/workflows/priced-quotes.ts";
import { makeQuoteStore, pricedQuoteOf } from "../adapters/postgres/quotes-repository.ts";
import { makeTeamNoticeSettingsAdmin } from "../core/settings/team-notices.ts";
import { makeTeamNoticeSettingsStore, makeTeamNoticeSettingsTransactor } from "../adapters/postgres/settings-repository.ts";
import { makeFeedback } from "../core/feedback/use-cases.ts";
import { makeFeedbackSettingsAdmin } from "../core/feedback/settings.ts";
import { makeFeedbackSettingsStore, makeFeedbackSettingsTransactor, makeFeedbackStore } from "../adapters/postgres/feedback-repository.ts";
import { makeReports } from "../core/reports/use-cases.ts";
import { makeReportsStore } from "../adapters/postgres/reports-repository.ts";

/** Composes e-mails; each `prepare` reads what it needs up front (see create-booking.ts). */
export interface Mailer {
  /** The business profile, policy and site URL every message is composed with, read now. */
  context(): Promise<MessageContext>;
  prepareForRecord(): Promise<(record: BookingRecord, links: CustomerLinks) => OutboxMessage[]>;
  prepareForInquiry(): Promise<(inquiry: Inquiry) => OutboxMessage[]>;
}

export interface GraphOptions {
  clock?: Clock;
  mailer: Mailer;
  checkDatabase?: () => Promise<void>;
  jwtSecret: string;
  tokenTtlHours: number;
  /** Login slow-down; tests pass a no-op. */
  sleep?: (ms: number) => Promise<void>;
  /** argon2id for login and account changes: the worker pool when serving; in-thread by default. */
  hasher?: PasswordHasher;
  /** Issue 29: argon2id for logins from a trusted device (the pool's reserved lane); `hasher` by default. */
  trustedHasher?: PasswordHasher;
  /** Passwords refused as common; the bundled list by default. */
  commonPasswords?: CommonPasswordList;
  /** The site's public address (SITE_URL): admin passwords may not contain its domain. */
  siteUrl?: string;
  /** Issue 17: told after a booking that started a series committed (compose.ts wakes the series job). */
  onSeriesStarted?: () => void;
  /** Issue 18: the catalogue, settings and closed dates kept in memory (compose.ts); none in most tests. */
  readCache?: ReadCache;
  /** Issue 30: Stripe's keys (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET); card payments are off without them. */
  stripe?: StripeOptions;
}

export function makeAppDeps(
  sql: Sql,
  options: GraphOptions,
): Omit<AppDeps, "web" | "logRequests" | "limits" | "trustProxy"> {
  const clock = options.clock ?? systemClock;
  const catalog = makeCatalogReader(sql);
  const settings = makeSettingsStore(sql);
  // Issue 18: the public reads, the availability check, the calendar and the customer's bookings,
  // quotes and inquiries from memory when there is a read cache: it is told of every change within
  // milliseconds (the tables' NOTIFY; on PGlite before the write returns), so a booking is priced and checked on
  // the catalogue as it stood a few milliseconds before, as if it had been sent that much earlier;
  // its place is still decided on the database under the capacity lock. Manage-my-booking and the
  // staff screens, which change records, read the database.
  const fromMemory = options.readCache ?? { catalog, settings, closedDates: makeClosedDatesStore(sql) };
  // One reader for the check and the calendar, so their reads batch together under load.
  const availabilityReader = makeAvailabilityReader(sql);
  const admins = makeAdminStore(sql);
  const tokens = makeJwtTokens(options.jwtSecret, options.tokenTtlHours, () => clock.now());
  const hasher = options.hasher ?? argon2Hasher;
  const sessionStore = makeAdminSessionStore(sql);
  return {
    admins,
    adminGroups: {
      catalog: makeCatalogAdmin({ store: makeCatalogAdminStore(sql), clock }),
      payments: makePaymentsAdmin({ payments: makePaymentsStore(sql), clock }),
      staffBookings: makeStaffBookings({
        store: makeStaffBookingStore(sql),
        catalog,
        settings,
        closedDates: makeClosedDatesStore(sql),
        clock,
        messages: options.mailer,
        onSeriesStarted: options.onSeriesStarted,
      }),
      bookings: {
        bookings: makeBookingsAdmin({
          bookings: makeBookingAdminStore(sql),
          clock,
          messages: options.mailer,
          invoices: {
            details: () => settings.getBusinessDetails(),
            quotedLines: (bookingId) => acceptedQuoteLines(sql, bookingId),
            pdf: pdfInvoiceRenderer,
          },
          // Issue 32: the customer asked to rate the job when it is marked DONE (unless the settings say later, or never).
          feedback: { settings: () => makeFeedbackSettingsStore(sql).get() },
        }),
        inquiries: makeInquiriesAdmin({ inquiries: makeInquiryAdminStore(sql), clock }),
      },
      settings: {
        settings,
        admins,
        settingsAdmin: makeSettingsAdmin({
          transactor: makeSettingsAdminTransactor(sql),
          sanitizer: policyHtmlSanitizer,
        }),
        manageAdmins: makeManageAdmins({
          transactor: makeAdminAccountsTransactor(sql),
          hasher,
          commonPasswords: options.commonPasswords ?? commonPasswords,
          admins,
          settings,
          siteUrl: options.siteUrl ?? "http://localhost",
        }),
        listAudit: makeListAudit({ audit: makeAuditReader(sql) }),
      },
      history: makeRecordHistory({ audit: makeAuditReader(sql) }),
      closedDates: {
        closedDates: makeClosedDatesAdmin({
          transactor: makeClosedDatesAdminTransactor(sql),
          closedDates: makeClosedDatesStore(sql),
          holidays: victorianHolidayCalendar,
          clock,
          messages: options.mailer,
        }),
        serviceArea: makeServiceAreaAdmin({ transactor: makeSettingsAdminTransactor(sql) }),
        settings,
      },
      // The team's calls and putting cleaners on a job (a booking change, core/booking/staff/assign-cleaners.ts).
      cleaners: {
        ...makeCleanersAdmin({ cleaners: makeCleanersStore(sql), clock, settings }),
        ...makeCleanerAssignment({ store: makeCleanersStore(sql), clock, settings }),
        // Issue 31: cleaners' logins; the invite's link is judged and hashed as admin passwords are.
        accounts: makeCleanerAccounts({
          store: makeCleanerAccountsStore(sql),
          hasher,
          commonPasswords: options.commonPasswords ?? commonPasswords,
          settings,
          siteUrl: options.siteUrl ?? "http://localhost",
          clock,
          mailContext: () => options.mailer.context(),
        }),
      },
      customers: makeCustomersAdmin({ customers: makeCustomersStore(sql), clock }),
      series: makeSeriesAdmin({
        store: makeSeriesStore(sql),
        catalog,
        settings,
        closedDates: makeClosedDatesStore(sql),
        clock,
        messages: options.mailer,
        // A change of terms or a resume generates that series' visits at once, as the job would.
        generation: makeSeriesPlanningJob({ sql, clock }),
      }),
      // Issue 30: business details, invoices (numbers issued gaplessly), receipts, the accounting export.
      invoices: {
        settings,
        businessDetails: makeBusinessDetailsAdmin({ transactor: makeSettingsAdminTransactor(sql) }),
        invoicing: makeInvoicing({ store: makeInvoiceStore(sql), settings, clock, pdf: pdfInvoiceRenderer }),
      },
      // Issue 32: feedback after each job: the customer's link, the staff's reads, asking again, the settings.
      feedback: {
        feedback: makeFeedback({
          store: makeFeedbackStore(sql),
          settings: makeFeedbackSettingsStore(sql),
          clock,
          mailContext: () => options.mailer.context(),
        }),
        settings: makeFeedbackSettingsStore(sql),
        settingsAdmin: makeFeedbackSettingsAdmin({ transactor: makeFeedbackSettingsTransactor(sql) }),
      },
      // Issue 32: a range's figures, summed in the database; the default week from the scheduling settings.
      reports: makeReports({ store: makeReportsStore(sql), settings }),
      // Issue 31: the evening run sheet's hour (the notices job reads it; adapters/jobs/cleaner-notices.ts).
      teamNotices: {
        settings: makeTeamNoticeSettingsStore(sql),
        settingsAdmin: makeTeamNoticeSettingsAdmin({ transactor: makeTeamNoticeSettingsTransactor(sql) }),
      },
      // Issue 30: quotes the office prices; the customer answers on their link.
      quotes: makePricedQuotes({
        store: makeQuoteStore(sql),
        catalog,
        settings,
        closedDates: makeClosedDatesStore(sql),
        clock,
        mailContext: () => options.mailer.context(),
        onSeriesStarted: options.onSeriesStarted,
      }),
      schedule: makeGetSchedule({
        bookings: makeScheduleReader(sql),
        cleaners: makeCleanersStore(sql),
        settings,
        closedDates: makeClosedDatesStore(sql),
        clock,
      }),
      // Issue 31: timesheets, and a job's check-ins with the office's corrections.
      timesheets: {
        timesheets: makeTimesheets({ store: makeTimesheetStore(sql) }),
        attendance: makeAttendanceAdmin({ store: makeAttendanceStore(sql), clock }),
      },
    },
    sessions: makeStaffSessions({ tokens, sessions: sessionStore }),
    // Issue 31: a cleaner's own jobs and their taps (On my way e-mails the customer; a check-out note, the office).
    teamJobs: makeTeamJobs({ store: makeTeamJobsStore(sql), clock, mailContext: () => options.mailer.context() }),
    login: makeLogin({
      admins,
      hasher,
      trustedHasher: options.trustedHasher,
      devices: makeDeviceCookies(options.jwtSecret, { now: () => clock.now() }),
      deviceAttempts: makeDeviceAttempts(sql),
      tokens,
      sessions: sessionStore,
      throttle: makeLoginThrottle(sql),
      sleep: options.sleep,
      decoyHash: DECOY_PASSWORD_HASH,
    }),
    catalog: fromMemory.catalog,
    settings: fromMemory.settings,
    checkDatabase: options.checkDatabase ?? (async () => {
      await sql`select 1`;
    }),
    createBooking: makeCreateBooking({
      catalog: fromMemory.catalog,
      settings: fromMemory.settings,
      closedDates: fromMemory.closedDates,
      bookings: makeBookingStore(sql),
      clock,
      prepareEmails: () => options.mailer.prepareForRecord(),
      onSeriesStarted: options.onSeriesStarted,
    }),
    checkAvailability: makeCheckAvailability({
      settings: fromMemory.settings,
      closedDates: fromMemory.closedDates,
      bookings: availabilityReader,
      team: makeTeamReader(sql),
      clock,
    }),
    getAvailability: makeGetAvailability({
      settings: fromMemory.settings,
      closedDates: fromMemory.closedDates,
      catalog: fromMemory.catalog,
      bookings: availabilityReader,
      team: makeTeamReader(sql),
      clock,
    }),
    manage: makeManageBooking({
      store: makeManageStore(sql),
      settings,
      closedDates: makeClosedDatesStore(sql),
      team: makeTeamReader(sql),
      clock,
      mailContext: () => options.mailer.context(),
      pricedQuotes: { pricedQuoteOf: (bookingId) => pricedQuoteOf(sql, bookingId) },
    }),
    createInquiry: makeCreateInquiry({
      inquiries: makeInquiryStore(sql),
      prepareEmails: () => options.mailer.prepareForInquiry(),
    }),
    idempotencyStore: makeIdempotencyStore(sql),
    rateLimitStore: makeRateLimitStore(sql),
    cardPayments: cardPaymentsOf(sql, options, clock),
  };
}

/** Issue 30: card payments through Stripe, off (every call 404 PAYMENTS_OFF) without its keys. */
function cardPaymentsOf(sql: Sql, options: GraphOptions, clock: Clock): AppDeps["cardPayments"] {
  const gateway = options.stripe ? makeStripeGateway(options.stripe) : null;
  const settings = makeSettingsStore(sql);
  return {
    online: makeOnlinePayments({
      store: makeOnlinePaymentsStore(sql),
      settings,
      gateway,
      clock,
      siteUrl: options.siteUrl ?? "http://localhost",
    }),
    webhook: gateway,
    log: options.stripe?.log,
    settings,
    settingsAdmin: makePaymentSettingsAdmin({ transactor: makeSettingsAdminTransactor(sql) }),
  };
}
