import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { every } from "hono/combine";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import type { CatalogReader } from "../core/catalog/ports.ts";
import type { SettingsStore } from "../core/settings/ports.ts";
import type { IdempotencyStore } from "../adapters/postgres/idempotency-repository.ts";
import type { RateLimitStore } from "../adapters/postgres/rate-limit-repository.ts";
import { apiNotFound, HTTP_ERRORS, onError, sendError } from "./http-errors.ts";
import { refuseDeepJson, refuseUnstorableQuery } from "./middleware/input-guards.ts";
import { idempotency } from "./middleware/idempotency.ts";
import { PUBLIC_CACHE_CONTROL, publicEtag } from "./middleware/etag.ts";
import { type LineWriter, requestLog } from "./middleware/request-log.ts";
import { rateLimit, type RateLimitRule } from "./middleware/rate-limit.ts";
import { buildOpenApiDocument, routeGroup } from "./openapi.ts";
import { docsContentSecurityPolicy, docsRoutes } from "./docs.ts";
import { publicWriteRoutes, type PublicWriteDeps } from "./routes/bookings.ts";
import { manageResponseHeaders, manageRoutes } from "./routes/manage.ts";
import { paymentRoutes } from "./routes/payments.ts";
import { onlinePaymentsAdminRoutes, type OnlinePaymentsAdminDeps } from "./routes/admin/online-payments.ts";
import type { StripeWebhook } from "../adapters/stripe/stripe-gateway.ts";
import { manageQuoteRoutes } from "./routes/manage-quote.ts";
import { manageInvoiceRoutes } from "./routes/manage-invoice.ts";
import { invoicesAdminRoutes, type InvoicesAdminUseCases } from "./routes/admin/invoices.ts";
import { quotesAdminRoutes } from "./routes/admin/quotes.ts";
import { teamNoticesAdminRoutes, type TeamNoticesAdminDeps } from "./routes/admin/team-notices.ts";
import { feedbackRoutes } from "./routes/feedback.ts";
import { feedbackAdminRoutes, type FeedbackAdminUseCases } from "./routes/admin/feedback.ts";
import { reportsAdminRoutes } from "./routes/admin/reports.ts";
import type { Reports } from "../core/reports/use-cases.ts";
import type { PricedQuotes } from "../core/workflows/priced-quotes.ts";
import type { ManageBooking } from "../core/workflows/manage-booking.ts";
import { catalogRoutes } from "./routes/catalog.ts";
import { healthRoutes } from "./routes/health.ts";
import { staticRoutes } from "./static.ts";
import { authRoutes } from "./routes/auth.ts";
import { requireAdmin, requireCleaner } from "./middleware/auth.ts";
import { teamRoutes } from "./routes/team.ts";
import { timesheetsAdminRoutes } from "./routes/admin/timesheets.ts";
import type { AttendanceAdmin, TeamJobs, Timesheets } from "../core/team/use-cases.ts";
import { catalogAdminRoutes } from "./routes/admin/catalog.ts";
import { bookingsAdminRoutes, type BookingsAdminUseCases } from "./routes/admin/bookings.ts";
import { paymentsAdminRoutes } from "./routes/admin/payments.ts";
import type { PaymentsAdmin } from "../core/booking/payments/admin.ts";
import { settingsAdminRoutes, type SettingsAdminUseCases } from "./routes/admin/settings.ts";
import { legalRoutes } from "./routes/legal.ts";
import { closedDatesAdminRoutes, type ClosedDatesAdminUseCases } from "./routes/admin/closed-dates.ts";
import { historyAdminRoutes, type RecordHistory } from "./routes/admin/history.ts";
import { cleanersAdminRoutes } from "./routes/admin/cleaners.ts";
import type { CleanersAdmin } from "../core/cleaners/use-cases.ts";
import type { CleanerAccounts } from "../core/admin/cleaner-accounts.ts";
import type { CleanerAssignment } from "../core/booking/staff/assign-cleaners.ts";
import { scheduleAdminRoutes } from "./routes/admin/schedule.ts";
import { customersAdminRoutes } from "./routes/admin/customers.ts";
import type { CustomersAdmin } from "../core/customers/use-cases.ts";
import { seriesAdminRoutes } from "./routes/admin/series.ts";
import type { SeriesAdmin } from "../core/workflows/series-admin.ts";
import type { GetSchedule } from "../core/booking/staff/schedule.ts";
import { staffBookingsRoutes } from "./routes/admin/staff-bookings.ts";
import type { StaffBookings } from "../core/workflows/staff-bookings.ts";
import type { CatalogAdmin } from "../core/catalog/admin-catalog.ts";
import type { AdminStore } from "../core/admin/ports.ts";
import type { StaffSessions } from "../core/admin/sessions.ts";

export interface PublicLimits {
  /** Bookings, quotes and inquiries share one budget per client address. */
  submit: RateLimitRule;
  availability: RateLimitRule;
}

export const DEFAULT_LIMITS: PublicLimits = {
  submit: { name: "submit", limit: 20, windowSeconds: 10 * 60 },
  availability: { name: "availability", limit: 120, windowSeconds: 60 },
};

export interface AppDeps extends Omit<PublicWriteDeps, "guards"> {
  admins: AdminStore;
  /** The staff route groups' use cases. */
  adminGroups: {
    catalog: CatalogAdmin;
    bookings: BookingsAdminUseCases;
    payments: PaymentsAdmin;
    settings: SettingsAdminUseCases;
    closedDates: ClosedDatesAdminUseCases;
    /** Issue 20: a booking's or inquiry's own audit entries, for any admin. */
    history: RecordHistory;
    /** Issue 16: bookings the office makes, edits and converts from quotes. */
    staffBookings: StaffBookings;
    /** Issue 16: the team and who is on which job, and the schedule. */
    cleaners: CleanersAdmin & CleanerAssignment & {
      /** Issue 31: cleaners' logins (and the invite's set-password link). */
      accounts: CleanerAccounts;
    };
    schedule: GetSchedule;
    /** Issue 17: customer records. */
    customers: CustomersAdmin;
    /** Issue 17: series of regular visits. */
    series: SeriesAdmin;
    /** Issue 30: quotes the office prices (and inquiries made priced quotes). */
    quotes: PricedQuotes;
    /** Issue 30: business details, invoices, receipts and the accounting export. */
    invoices: InvoicesAdminUseCases;
    /** Issue 31: how cleaners are told of their jobs (the run sheet's hour). */
    teamNotices: TeamNoticesAdminDeps;
    /** Issue 32: feedback after each job: its settings, a booking's feedback, asking again, the ratings (the customer's link too). */
    feedback: FeedbackAdminUseCases;
    /** Issue 32: a range's figures (booked, collected, outstanding, cleaners' hours, ratings) and their CSV. */
    reports: Reports;
    /** Issue 31: timesheets, and a job's check-ins and their corrections. */
    timesheets: { timesheets: Timesheets; attendance: AttendanceAdmin };
  };
  /** Live staff sessions: the guard of every staff call, and logout. */
  sessions: StaffSessions;
  /** Issue 31: a cleaner's own jobs and their taps on them (the team API). */
  teamJobs: TeamJobs;
  login: Parameters<typeof authRoutes>[0]["login"];
  catalog: CatalogReader;
  settings: SettingsStore;
  checkDatabase(): Promise<void>;
  /** The customer's manage-my-booking link (issue 15). */
  manage: ManageBooking;
  /** Issue 30: card payments through Stripe (webhook null when off). */
  cardPayments: OnlinePaymentsAdminDeps & { webhook: StripeWebhook | null; log?: (line: string) => void };
  idempotencyStore: IdempotencyStore;
  rateLimitStore: RateLimitStore;
  limits?: PublicLimits;
  /** Proxies in front of the API that append to X-Forwarded-For (TRUST_PROXY). */
  trustProxy?: number;
  /**
   * The two web bundles (without them only the API is served); siteUrl: SITE_URL, or the local
   * address; adminRemoteUrl: ADMIN_REMOTE_URL, the admin bundle's entry on its own origin.
   */
  web?: { publicDist: string; adminDist: string; siteUrl: string; adminRemoteUrl?: string };
  logRequests?: boolean;
  /** Where the request log goes (stdout unless a test says otherwise). */
  logLines?: LineWriter;
}

/** Where the host finds the admin remote's files (web-admin's Vite `base`). */
export const ADMIN_ASSETS_PATH = "/admin-app";
/** Requests larger than this are refused with 413 before anything parses them. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Public reads (under /api) that may be kept briefly by a browser or CDN: the catalogue, content and settings. */
const PUBLIC_CATALOGUE_READS = ["/services", "/services/:id", "/extras", "/frequencies", "/questions", "/content", "/scheduling", "/business", "/legal/:page"];
/** Public reads that carry an ETag but are revalidated every time (bookings change the calendar). */
const REVALIDATED_PUBLIC_READS = ["/availability", "/openapi.json", "/docs/*"];
/** Answers with personal data or a token: the staff API, login/logout, manage-my-booking, the feedback link. */
const PERSONAL_PATHS = /^\/api\/(admin|auth|manage|feedback|team)(\/|$)/i;

/** A DNS name, IPv4 or [IPv6] address, with an optional port. */
const VALID_HOST = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/;

export function buildApp(deps: AppDeps) {
  const app = new Hono();
  app.use("*", requestId());
  // First after the id, so every answer is logged, the refusals below included.
  if (deps.logRequests) app.use("*", requestLog(deps.logLines));
  app.use("*", async (c, next) => {
    // A Host that is no host name (spaces, slashes) is a malformed request, not a server error.
    const host = c.req.header("host");
    if (host !== undefined && !VALID_HOST.test(host)) {
      return sendError(c, HTTP_ERRORS.badHost);
    }
    await next();
  });
  // Before secureHeaders, so its Referrer-Policy does not replace no-referrer on these answers.
  for (const path of ["/api/manage/*", "/manage/*", "/api/feedback/*", "/feedback/*"]) app.use(path, manageResponseHeaders);
  // Issue 31: the invite's set-password page carries its token in the address: no Referer, never kept.
  app.use("/admin/set-password/*", manageResponseHeaders);
  // Before secureHeaders too: the API reference has a stricter CSP of its own (api/docs.ts).
  app.use("/api/docs/*", docsContentSecurityPolicy);
  // The admin remote on its own origin: its scripts, styles, images, fonts and fetches, nothing more.
  const remote = deps.web?.adminRemoteUrl ? [new URL(deps.web.adminRemoteUrl).origin] : [];
  const pageHeaders = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...remote],
      styleSrc: ["'self'", "'unsafe-inline'", ...remote],
      imgSrc: ["'self'", "data:", "https:", ...remote],
      fontSrc: ["'self'", ...remote],
      connectSrc: ["'self'", ...remote],
      frameSrc: ["https://www.google.com", "https://maps.google.com"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    referrerPolicy: "strict-origin-when-cross-origin",
  });
  // The API's JSON answers are never documents: OWASP's REST set (a CSP that allows nothing and no
  // framing, nosniff, HSTS, same-origin CORP), not the page set above, whose other headers (the
  // document's CSP, COOP, Origin-Agent-Cluster, X-XSS-Protection, ...) apply only to pages and
  // would cost every call of the busiest routes a dozen header writes (issue 18). The API
  // reference under /api/docs is pages, with its own CSP (docs.ts) over the page set.
  const apiHeaders = secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    xFrameOptions: "DENY",
  });
  app.use("*", (c, next) => {
    const path = c.req.path;
    const api = path.startsWith("/api/") && !path.startsWith("/api/docs");
    return api ? apiHeaders(c, next) : pageHeaders(c, next);
  });
  app.onError(onError);

  const limits = deps.limits ?? DEFAULT_LIMITS;
  const trustProxy = deps.trustProxy ?? 0;
  const api = routeGroup().basePath("/api");
  // Issue 29: no answer of the API is stored by a browser or proxy unless it is one of the public
  // reads below. Staff, login and manage-my-booking answers carry personal data or tokens: no-store
  // even if a route set something else. Outermost: the last word, on the refusals below too.
  api.use("*", async (c, next) => {
    await next();
    if (PERSONAL_PATHS.test(c.req.path) || !c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  });
  api.use(
    "*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => sendError(c, HTTP_ERRORS.tooLarge),
    }),
  );
  // Issue 29: bounded work per request. Size above (413), nesting here (400), before any guard
  // counts the call, before the login throttle, and before anything parses or walks the body.
  api.use("*", refuseDeepJson);
  api.use("*", refuseUnstorableQuery);
  // Public reads, the same for everyone: revalidated (no-cache) unless publicEtag lets them be kept,
  // their errors included (set after publicEtag, which runs inside this).
  api.on("GET", [...PUBLIC_CATALOGUE_READS, ...REVALIDATED_PUBLIC_READS], async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-cache");
  });
  // Issue 18: public GETs carry an ETag (304 to If-None-Match); those that are the same for
  // everyone and change a few times a day may be kept briefly by a browser or CDN. Never staff or
  // manage-my-booking calls: their answers are personal. One pattern per path, so none is tagged twice.
  api.on("GET", PUBLIC_CATALOGUE_READS, publicEtag({ cacheControl: PUBLIC_CACHE_CONTROL }));
  api.on("GET", REVALIDATED_PUBLIC_READS, publicEtag());
  // No route here wakes the e-mail relay or clears the read cache: the outbox adapter wakes the
  // relay when a transaction that queued e-mails commits (adapters/postgres/outbox-repository.ts),
  // and the read cache hears every write to its tables from the database (adapters/cache).
  api.route("/", healthRoutes(deps.checkDatabase));
  api.route("/", catalogRoutes(deps.catalog, deps.settings));
  api.route("/", legalRoutes(deps.settings));
  api.route(
    "/",
    publicWriteRoutes({
      createBooking: deps.createBooking,
      checkAvailability: deps.checkAvailability,
      getAvailability: deps.getAvailability,
      createInquiry: deps.createInquiry,
      guards: {
        submit: every(rateLimit(deps.rateLimitStore, limits.submit, trustProxy)),
        availability: every(rateLimit(deps.rateLimitStore, limits.availability, trustProxy)),
        idempotent: (scope) => idempotency(deps.idempotencyStore, scope),
      },
    }),
  );
  api.route("/", manageRoutes({
    manage: deps.manage,
    guards: {
      submit: rateLimit(deps.rateLimitStore, limits.submit, trustProxy),
      read: rateLimit(deps.rateLimitStore, limits.availability, trustProxy),
    },
  }));
  // Issue 30: the customer's copy of their invoice.
  api.route("/", manageInvoiceRoutes({
    invoicing: deps.adminGroups.invoices.invoicing,
    read: rateLimit(deps.rateLimitStore, limits.availability, trustProxy),
  }));
  // Issue 30: the customer's answer to a priced quote, beside the link's other calls.
  api.route("/", manageQuoteRoutes({
    quotes: deps.adminGroups.quotes,
    submit: rateLimit(deps.rateLimitStore, limits.submit, trustProxy),
  }));
  // Issue 32: the customer's feedback link, under the manage link's budgets.
  api.route("/", feedbackRoutes({
    feedback: deps.adminGroups.feedback.feedback,
    guards: {
      submit: rateLimit(deps.rateLimitStore, limits.submit, trustProxy),
      read: rateLimit(deps.rateLimitStore, limits.availability, trustProxy),
    },
  }));
  api.route("/", paymentRoutes({
    ...deps.cardPayments,
    guards: {
      submit: rateLimit(deps.rateLimitStore, limits.submit, trustProxy),
      read: rateLimit(deps.rateLimitStore, limits.availability, trustProxy),
    },
  }));
  api.route("/", authRoutes({ login: deps.login, sessions: deps.sessions, trustProxy, accounts: deps.adminGroups.cleaners.accounts }));
  const admin = routeGroup();
  admin.use("*", requireAdmin({ sessions: deps.sessions, trustProxy }));
  admin.route("/", catalogAdminRoutes(deps.adminGroups.catalog));
  admin.route("/", bookingsAdminRoutes(deps.adminGroups.bookings));
  admin.route("/", paymentsAdminRoutes(deps.adminGroups.payments));
  admin.route("/", invoicesAdminRoutes(deps.adminGroups.invoices));
  admin.route("/", onlinePaymentsAdminRoutes(deps.cardPayments));
  admin.route("/", settingsAdminRoutes(deps.adminGroups.settings));
  admin.route("/", closedDatesAdminRoutes(deps.adminGroups.closedDates));
  admin.route("/", historyAdminRoutes(deps.adminGroups.history));
  admin.route("/", staffBookingsRoutes(deps.adminGroups.staffBookings));
  admin.route("/", cleanersAdminRoutes(deps.adminGroups.cleaners));
  admin.route("/", scheduleAdminRoutes(deps.adminGroups.schedule));
  admin.route("/", customersAdminRoutes(deps.adminGroups.customers));
  admin.route("/", seriesAdminRoutes(deps.adminGroups.series));
  admin.route("/", quotesAdminRoutes(deps.adminGroups.quotes));
  admin.route("/", teamNoticesAdminRoutes(deps.adminGroups.teamNotices));
  admin.route("/", feedbackAdminRoutes(deps.adminGroups.feedback));
  admin.route("/", reportsAdminRoutes(deps.adminGroups.reports));
  admin.route("/", timesheetsAdminRoutes(deps.adminGroups.timesheets));
  api.route("/admin", admin);
  // Issue 31: the cleaners' own app, for a cleaner's login only (the office's roles get 403).
  const team = routeGroup();
  team.use("*", requireCleaner({ sessions: deps.sessions, trustProxy }));
  team.route("/", teamRoutes(deps.teamJobs));
  api.route("/team", team);
  const openApi = buildOpenApiDocument(api);
  api.get("/openapi.json", (c) => c.json(openApi));
  api.route("/docs", docsRoutes({ title: openApi.info.title, docsPath: "/api/docs", documentUrl: "/api/openapi.json" }));
  api.notFound(apiNotFound);
  app.route("/", api);
  // Sub-app notFound handlers do not fire for mounted apps in Hono; answer /api/* misses here.
  app.all("/api/*", apiNotFound);

  if (deps.web) {
    app.route("/", staticRoutes({ ...deps.web, adminPath: ADMIN_ASSETS_PATH }));
  }
  app.notFound(apiNotFound);
  // The declarations behind the document, with full paths, so tests check real answers against them.
  const declaredRoutes = () =>
    api.openAPIRegistry.definitions.flatMap((d) => d.type === "route" ? [{ ...d.route, path: `/api${d.route.path}` }] : []);
  return Object.assign(app, { declaredRoutes });
}

export type App = ReturnType<typeof buildApp>;
