/**
 * The document can never drift from what the server sends: it is valid OpenAPI 3.1, lists exactly
 * the declared routes, and every declared route is called with valid input here, its real answer
 * checked against the declared status, content type and schema (errors included).
 */
import assert from "node:assert/strict";
import SwaggerParser from "@apidevtools/swagger-parser";
import { adminSession, awayFromWindowEdge, buildTestApp, describeApi, TEST_LIMITS, type TestApp } from "./test-app.ts";
import { draft, fixedClock, NOW } from "./test-fixtures.ts";
import { MAX_BODY_BYTES } from "./app.ts";
import { type CallInit, checkedRequest, type DeclaredRoute, routeName } from "./test-answers.ts";
import { DEMO_FREQUENCIES, DEMO_SERVICE_IDS } from "../adapters/postgres/demo-data.ts";
import { saveManageTokenHash } from "../adapters/postgres/booking-repository.ts";
import { newManageToken } from "../core/booking/manage/token.ts";
import { newFeedbackRequest } from "../core/feedback/rules.ts";
import { saveFirstFeedbackRequest } from "../adapters/postgres/feedback-repository.ts";
import { completedEvent, stripeApp, stripeStandIn, webhookRequest } from "./test-stripe.ts";

const idOf = (body: unknown) => (body as { _id: string })._id;
const unknownId = () => crypto.randomUUID();
const roleOf = (route: DeclaredRoute) => (route as Record<string, unknown>)["x-required-role"];
/** A path of the route, its ids filled with ones that match nothing. */
const samplePath = (route: DeclaredRoute) => route.path.replace(/\{[^}]+\}/g, unknownId);

describeApi("every declared route answers as its declaration says", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: fixedClock });
  const admin = (await adminSession(db, "admin", undefined, NOW)).headers;
  const root = await adminSession(db, "superadmin", undefined, NOW);
  const superadmin = root.headers;
  /** Route name -> the statuses it answered here, each checked against its declaration. */
  const answered = new Map<string, Set<number>>();

  /** Calls, checks the answer against the declaration, and asserts the status this input must get. */
  async function call(method: string, path: string, expected: number, init: CallInit = {}, on: TestApp = app) {
    const answer = await checkedRequest(on, method, path, init);
    assert.equal(answer.status, expected, `${method} ${path}: ${JSON.stringify(answer.body)?.slice(0, 300)}`);
    const name = routeName(answer.route);
    (answered.get(name) ?? answered.set(name, new Set()).get(name)!).add(answer.status);
    return answer.body;
  }
  const asAdmin = (body?: unknown): CallInit => ({ body, headers: admin });
  const asSuperadmin = (body?: unknown): CallInit => ({ body, headers: superadmin });

  await t.step("the document is valid OpenAPI 3.1 and lists exactly the declared routes", async () => {
    const response = await app.request("/api/openapi.json");
    assert.equal(response.status, 200);
    const doc = await response.json();
    assert.equal(doc.openapi, "3.1.0");
    await SwaggerParser.validate(structuredClone(doc));
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    assert.deepEqual(documented.sort(), app.declaredRoutes().map(routeName).sort());
  });

  await t.step("health and the public catalogue", async () => {
    await call("GET", "/api/health", 200);
    await call("GET", "/api/services", 200);
    await call("GET", `/api/services/${DEMO_SERVICE_IDS.regular}`, 200);
    await call("GET", `/api/services/${unknownId()}`, 404);
    await call("GET", `/api/extras?serviceId=${DEMO_SERVICE_IDS.hourly}`, 200);
    await call("GET", "/api/extras", 422);
    await call("GET", `/api/extras?serviceId=${unknownId()}`, 404);
    await call("GET", "/api/frequencies", 200);
    await call("GET", "/api/questions", 200);
    await call("GET", `/api/questions?serviceId=${DEMO_SERVICE_IDS.moveInOut}`, 200);
    await call("GET", `/api/questions?serviceId=${unknownId()}`, 404);
    await call("GET", "/api/content", 200);
    await call("GET", "/api/scheduling", 200);
    await call("GET", "/api/business", 200);
    await call("GET", "/api/legal/privacy", 200);
    await call("GET", "/api/legal/terms", 200);
    await call("GET", "/api/legal/cookies", 422);
  });

  let bookingId = "";
  let quoteId = "";
  let inquiryId = "";

  await t.step("the public writes", async () => {
    const { startTimeISO } = draft();
    await call("POST", "/api/availability/check", 200, { body: { startTimeISO, durationHours: 3 } });
    await call("POST", "/api/availability/check", 422, { body: {} });
    bookingId = idOf(await call("POST", "/api/bookings", 201, { body: draft() }));
    await call("POST", "/api/availability/check", 200, { body: { startTimeISO } });
    // Open days with free and taken slots, and closed ones with their reasons, in one answer.
    await call("GET", `/api/availability?from=2026-11-22&to=2026-12-31&serviceId=${DEMO_SERVICE_IDS.hourly}&hours=3`, 200);
    await call("GET", "/api/availability?from=2026-12-31&to=2026-12-01", 422);
    await call("GET", `/api/availability?from=2026-12-01&to=2026-12-01&serviceId=${unknownId()}`, 404);
    await call("POST", "/api/bookings", 409, { body: draft({ email: "second@example.com" }) });
    await call("POST", "/api/bookings", 422, { body: draft({ firstName: "", address: {} }) });
    quoteId = idOf(await call("POST", "/api/quotes", 201, { body: draft() }));
    await call("POST", "/api/quotes", 422, { body: draft({ hours: 99 }) });
    const inquiry = {
      inquiryType: "OFFICE", firstName: "Mary", lastName: "Smith", email: "mary@office.example",
      phone: "0412 000 111", suburb: "Docklands", message: "Weekly office clean, 3 floors.",
    };
    inquiryId = idOf(await call("POST", "/api/inquiries", 201, { body: inquiry }));
    await call("POST", "/api/inquiries", 422, { body: {} });
  });

  await t.step("the customer's manage-my-booking link", async () => {
    // The link as the confirmation e-mail carries it (this app has no SITE_URL, so its e-mails carry none).
    const linkTo = async (id: string) => {
      const link = newManageToken();
      await saveManageTokenHash(db.sql, id, link.hash);
      return link.token;
    };
    const token = await linkTo(bookingId);
    const missing = newManageToken().token;
    await call("GET", `/api/manage/${token}`, 200);
    await call("GET", `/api/manage/${missing}`, 404);
    await call("GET", `/api/manage/${token}/availability?from=2026-11-26&to=2026-12-05`, 200);
    await call("GET", `/api/manage/${token}/availability?from=2026-12-05&to=2026-11-26`, 422);
    await call("GET", `/api/manage/${missing}/availability?from=2026-11-26&to=2026-11-27`, 404);
    await call("POST", `/api/manage/${token}/reschedule`, 422, { body: { startTimeISO: "2026-11-29T09:00:00+11:00" } });
    await call("POST", `/api/manage/${token}/reschedule`, 200, { body: { startTimeISO: "2026-11-28T09:00:00+11:00" } });
    await call("POST", `/api/manage/${missing}/reschedule`, 404, { body: { startTimeISO: "2026-11-28T09:00:00+11:00" } });
    const other = idOf(await call("POST", "/api/bookings", 201, { body: draft({ email: "manage@example.com", startTimeISO: "2026-12-01T09:00:00+11:00" }) }));
    const otherToken = await linkTo(other);
    await call("POST", `/api/manage/${otherToken}/reschedule`, 409, { body: { startTimeISO: "2026-11-28T10:00:00+11:00" } });
    await call("POST", `/api/manage/${otherToken}/cancel`, 422, { body: { reason: "x".repeat(501) } });
    await call("POST", `/api/manage/${otherToken}/cancel`, 200, { body: { reason: "Plans changed" } });
    await call("POST", `/api/manage/${otherToken}/cancel`, 409, { body: {} });
    await call("POST", `/api/manage/${missing}/cancel`, 404, { body: {} });
    // Issue 17: a visit of a regular clean is skipped, or the whole regular clean cancelled, from its link.
    const weekly = await linkTo(idOf(await call("POST", "/api/bookings", 201, { body: draft({ email: "weekly@example.com", startTimeISO: "2027-01-13T10:00:00+11:00" }) })));
    const ending = await linkTo(idOf(await call("POST", "/api/bookings", 201, { body: draft({ email: "ending@example.com", startTimeISO: "2027-01-14T10:00:00+11:00" }) })));
    const oneOff = await linkTo(idOf(await call("POST", "/api/bookings", 201, { body: draft({ email: "once@example.com", frequencyCode: "ONE_TIME", startTimeISO: "2027-01-11T10:00:00+11:00" }) })));
    await call("POST", `/api/manage/${oneOff}/skip`, 409);
    await call("POST", `/api/manage/${missing}/skip`, 404);
    await call("POST", `/api/manage/${weekly}/skip`, 200);
    await call("POST", `/api/manage/${ending}/cancel-series`, 422, { body: { reason: "x".repeat(501) } });
    await call("POST", `/api/manage/${oneOff}/cancel-series`, 409, { body: {} });
    await call("POST", `/api/manage/${missing}/cancel-series`, 404, { body: {} });
    await call("POST", `/api/manage/${ending}/cancel-series`, 200, { body: { reason: "Moving" } });
  });

  await t.step("staff: the signed-in admin and the catalogue", async () => {
    await call("GET", "/api/admin/me", 200, asAdmin());
    await call("GET", "/api/admin/services?includeDeleted=true", 200, asAdmin());
    const service = idOf(await call("POST", "/api/admin/services", 201, asAdmin({ name: "Deep Clean", slug: "deep-clean" })));
    await call("POST", "/api/admin/services", 409, asAdmin({ name: "Again", slug: "deep-clean" }));
    await call("POST", "/api/admin/services", 422, asAdmin({}));
    await call("GET", `/api/admin/services/${service}`, 200, asAdmin());
    await call("GET", `/api/admin/services/${unknownId()}`, 404, asAdmin());
    await call("PUT", `/api/admin/services/${service}`, 200, asAdmin({ ratePerHour: 72.5, bedroomPrices: [{ bedrooms: 2, price: 250 }] }));
    await call("PUT", `/api/admin/services/${unknownId()}`, 404, asAdmin({ name: "X" }));

    const oven = idOf(await call("POST", "/api/admin/extras", 201, asAdmin({ serviceId: service, title: "Oven", price: 10 })));
    const fridge = idOf(await call("POST", "/api/admin/extras", 201, asAdmin({ serviceId: service, title: "Fridge", price: 15, hasQuantity: true })));
    await call("POST", "/api/admin/extras", 422, asAdmin({ serviceId: service, title: "", price: -1 }));
    await call("GET", `/api/admin/extras?serviceId=${service}&includeInactive=true`, 200, asAdmin());
    await call("PUT", `/api/admin/extras/${oven}`, 200, asAdmin({ title: "Oven, inside", active: false }));
    await call("PATCH", `/api/admin/services/${service}/reorder-extras`, 200, asAdmin({ orders: [{ extraId: fridge, order: 1 }, { extraId: oven, order: 2 }] }));
    await call("DELETE", `/api/admin/extras/${oven}`, 200, asAdmin());
    await call("POST", `/api/admin/extras/${oven}/restore`, 200, asAdmin());
    await call("POST", `/api/admin/extras/${unknownId()}/restore`, 404, asAdmin());
    await call("DELETE", `/api/admin/extras/${oven}/hard`, 204, asSuperadmin());
    await call("DELETE", `/api/admin/services/${service}`, 200, asAdmin());
    await call("PATCH", `/api/admin/services/${service}/restore`, 200, asAdmin());
    await call("DELETE", `/api/admin/services/${service}/hard`, 204, asSuperadmin());

    await call("GET", "/api/admin/frequencies", 200, asAdmin());
    const frequency = idOf(await call("POST", "/api/admin/frequencies", 201, asAdmin({ name: "Every 3 weeks", code: "EVERY_3_WEEKS", discountPercent: 7.5 })));
    await call("POST", "/api/admin/frequencies", 409, asAdmin({ name: "Weekly again", code: "WEEKLY" }));
    await call("PUT", `/api/admin/frequencies/${frequency}`, 200, asAdmin({ discountPercent: 8 }));
    const oneTime = DEMO_FREQUENCIES.find((f) => f.code === "ONE_TIME")!._id;
    await call("PUT", `/api/admin/frequencies/${oneTime}`, 409, asAdmin({ code: "ONCE" }));
    await call("DELETE", `/api/admin/frequencies/${oneTime}`, 409, asAdmin());
    await call("DELETE", `/api/admin/frequencies/${frequency}`, 204, asAdmin());

    await call("GET", "/api/admin/questions", 200, asAdmin());
    await call("GET", `/api/admin/questions?serviceId=${DEMO_SERVICE_IDS.moveInOut}`, 200, asAdmin());
    await call("GET", `/api/admin/questions?serviceId=${unknownId()}`, 404, asAdmin());
    const question = idOf(await call("POST", "/api/admin/questions", 201, asAdmin({
      scope: "SERVICE", serviceId: DEMO_SERVICE_IDS.moveInOut, text: "Is the property empty?", type: "SINGLE",
      options: [{ label: "Yes", value: "yes" }, { label: "No", value: "no" }],
    })));
    await call("POST", "/api/admin/questions", 422, asAdmin({ text: " ", type: "TEXT" }));
    await call("PUT", `/api/admin/questions/${question}`, 200, asAdmin({ required: true }));
    await call("DELETE", `/api/admin/questions/${question}`, 204, asAdmin());
    await call("DELETE", `/api/admin/questions/${question}`, 404, asAdmin());
  });

  await t.step("staff: bookings and inquiries", async () => {
    await call("GET", "/api/admin/bookings", 200, asAdmin());
    await call("GET", "/api/admin/bookings?type=QUOTE&sort=createdAt&order=desc&limit=5", 200, asAdmin());
    await call("GET", "/api/admin/bookings?limit=0", 422, asAdmin());
    const csv = await call("GET", "/api/admin/bookings.csv?type=BOOKING", 200, asAdmin());
    assert.equal(typeof csv, "string");
    await call("GET", "/api/admin/bookings.csv?status=NOPE", 422, asAdmin());
    await call("GET", `/api/admin/bookings/${bookingId}`, 200, asAdmin());
    await call("GET", `/api/admin/bookings/${unknownId()}`, 404, asAdmin());
    await call("PATCH", `/api/admin/bookings/${bookingId}/status`, 200, asAdmin({ status: "CONFIRMED" }));
    await call("PATCH", `/api/admin/bookings/${quoteId}/status`, 409, asAdmin({ status: "CONFIRMED" }));
    await call("PATCH", `/api/admin/bookings/${bookingId}/status`, 422, asAdmin({ status: "NOPE" }));
    // The payment ledger (issue 15): part of the total, then the rest through the spec's call.
    const payments = `/api/admin/bookings/${bookingId}/payments`;
    await call("GET", payments, 200, asAdmin());
    await call("GET", `/api/admin/bookings/${unknownId()}/payments`, 404, asAdmin());
    const ledger = await call("POST", payments, 201, asAdmin({ amount: 10, method: "CASH", note: "Deposit" })) as { items: { _id: string }[]; balance: number };
    await call("POST", payments, 422, asAdmin({ amount: 12.345, method: "CASH" }));
    await call("POST", payments, 422, asAdmin({ amount: 10, method: "CHEQUE" }));
    await call("POST", `/api/admin/bookings/${quoteId}/payments`, 409, asAdmin({ amount: 10, method: "CASH" }));
    await call("POST", `/api/admin/bookings/${unknownId()}/payments`, 404, asAdmin({ amount: 10, method: "CASH" }));
    await call("PATCH", `/api/admin/bookings/${bookingId}/confirm-payment`, 422, asAdmin({ amountPaid: -1 }));
    await call("PATCH", `/api/admin/bookings/${bookingId}/confirm-payment`, 200, asAdmin({ amountPaid: ledger.balance }));
    await call("PATCH", `/api/admin/bookings/${bookingId}/confirm-payment`, 409, asAdmin({ amountPaid: 10 }));
    const voidPath = `${payments}/${ledger.items[0]._id}/void`;
    await call("POST", voidPath, 403, asAdmin({ reason: "Bounced" }));
    await call("POST", voidPath, 422, asSuperadmin({ reason: " " }));
    await call("POST", `${payments}/${unknownId()}/void`, 404, asSuperadmin({ reason: "Bounced" }));
    await call("POST", voidPath, 200, asSuperadmin({ reason: "Bounced" }));
    await call("POST", voidPath, 409, asSuperadmin({ reason: "Bounced" }));

    await call("GET", "/api/admin/inquiries", 200, asAdmin());
    await call("GET", "/api/admin/inquiries?limit=0", 422, asAdmin());
    await call("GET", `/api/admin/inquiries/${inquiryId}`, 200, asAdmin());
    await call("GET", `/api/admin/inquiries/${unknownId()}`, 404, asAdmin());
    await call("PATCH", `/api/admin/inquiries/${inquiryId}`, 200, asAdmin({ adminNotes: "Called back, site visit Tue." }));
    await call("PATCH", `/api/admin/inquiries/${inquiryId}`, 422, asAdmin({ adminNotes: 42 }));
    await call("PATCH", `/api/admin/inquiries/${inquiryId}/read`, 200, asAdmin({ read: true }));
    await call("PATCH", `/api/admin/inquiries/${inquiryId}/read`, 422, asAdmin({ read: "yes" }));
    await call("PATCH", `/api/admin/inquiries/${inquiryId}/has-address`, 200, asAdmin({ hasAddress: true }));
    await call("DELETE", `/api/admin/inquiries/${inquiryId}`, 200, asAdmin());
    await call("DELETE", `/api/admin/inquiries/${unknownId()}`, 404, asAdmin());
    await call("POST", `/api/admin/inquiries/${inquiryId}/restore`, 200, asAdmin());
    await call("POST", `/api/admin/inquiries/${unknownId()}/restore`, 404, asAdmin());
    // A record's own history, for any admin (issue 20).
    await call("GET", `/api/admin/bookings/${bookingId}/history`, 200, asAdmin());
    await call("GET", `/api/admin/bookings/${unknownId()}/history`, 404, asAdmin());
    await call("GET", `/api/admin/inquiries/${inquiryId}/history`, 200, asAdmin());
    await call("GET", `/api/admin/inquiries/${unknownId()}/history`, 404, asAdmin());
  });

  await t.step("staff and the customer: business details, invoices, receipts, the accounting export (issue 30)", async () => {
    await call("GET", "/api/admin/settings/business", 200, asAdmin());
    const details = {
      legalName: "Yarra Shine Cleaning Pty Ltd", abn: "51 824 753 556", gstRegistered: true, address: "12 Chapel St, Windsor VIC 3181",
      phone: "0412 345 678", email: "accounts@yarrashine.com.au", paymentTerms: "Due within 7 days", bankDetails: "BSB 063-000", emailInvoiceOnDone: true,
    };
    await call("PUT", "/api/admin/settings/business", 200, asSuperadmin(details));
    await call("PUT", "/api/admin/settings/business", 422, asSuperadmin({ ...details, abn: "51 824 753 557" }));
    await call("GET", `/api/admin/bookings/${bookingId}/invoice`, 200, asAdmin());
    await call("GET", `/api/admin/bookings/${unknownId()}/invoice`, 404, asAdmin());
    await call("GET", `/api/admin/bookings/${quoteId}/invoice`, 409, asAdmin());
    await call("GET", `/api/admin/bookings/${bookingId}/invoice.pdf`, 200, asAdmin());
    await call("GET", `/api/admin/bookings/${unknownId()}/invoice.pdf`, 404, asAdmin());
    await call("GET", `/api/admin/bookings/${quoteId}/invoice.pdf`, 409, asAdmin());
    const { items } = await call("GET", `/api/admin/bookings/${bookingId}/payments`, 200, asAdmin()) as { items: { _id: string; voidedAt: string | null }[] };
    const receipt = (paymentId: string, id = bookingId) => `/api/admin/bookings/${id}/payments/${paymentId}/receipt.pdf`;
    await call("GET", receipt(items.find((p) => p.voidedAt === null)!._id), 200, asAdmin());
    await call("GET", receipt(items.find((p) => p.voidedAt !== null)!._id), 409, asAdmin());
    await call("GET", receipt(unknownId()), 404, asAdmin());
    await call("GET", receipt(unknownId(), unknownId()), 404, asAdmin());
    await call("GET", "/api/admin/invoices.csv?from=2026-11-01&to=2026-11-30", 200, asAdmin());
    await call("GET", "/api/admin/invoices.csv?from=2026-11-30&to=2026-11-01", 422, asAdmin());
    const link = newManageToken();
    await saveManageTokenHash(db.sql, bookingId, link.hash);
    await call("GET", `/api/manage/${link.token}/invoice.pdf`, 200);
    await call("GET", `/api/manage/${newManageToken().token}/invoice.pdf`, 404);
    const quoteLink = newManageToken();
    await saveManageTokenHash(db.sql, quoteId, quoteLink.hash);
    await call("GET", `/api/manage/${quoteLink.token}/invoice.pdf`, 409);
  });

  await t.step("the reports: a range's figures and their CSV (issue 32)", async () => {
    await call("GET", "/api/admin/reports/summary?from=2026-11-01&to=2026-11-30", 200, asAdmin());
    await call("GET", "/api/admin/reports/summary?from=2026-11-30&to=2026-11-01", 422, asAdmin());
    await call("GET", "/api/admin/reports/summary.csv?from=2026-11-01&to=2026-11-30", 200, asAdmin());
    await call("GET", "/api/admin/reports/summary.csv?from=2026-01-01&to=2027-12-31", 422, asAdmin());
  });

  await t.step("quotes the office prices, the customer's answer, an inquiry made a priced quote (issue 30)", async () => {
    const lines = { lineItems: [{ description: "Deep clean", quantity: 1, unitPrice: 480 }], validUntil: "2026-12-31" };
    const ask = (email: string) => draft({ email, frequencyCode: "ONE_TIME" });
    const accepting = idOf(await call("POST", "/api/quotes", 201, { body: ask("accepts@example.com") }));
    const declining = idOf(await call("POST", "/api/quotes", 201, { body: ask("declines@example.com") }));
    await call("GET", `/api/admin/bookings/${accepting}/quote`, 200, asAdmin());
    await call("GET", `/api/admin/bookings/${unknownId()}/quote`, 404, asAdmin());
    await call("PUT", `/api/admin/bookings/${accepting}/quote`, 200, asAdmin(lines));
    await call("PUT", `/api/admin/bookings/${accepting}/quote`, 422, asAdmin({ lineItems: [] }));
    await call("PUT", `/api/admin/bookings/${unknownId()}/quote`, 404, asAdmin(lines));
    await call("PUT", `/api/admin/bookings/${bookingId}/quote`, 409, asAdmin(lines));
    await call("GET", `/api/admin/bookings/${accepting}/quote`, 200, asAdmin());
    await call("PUT", `/api/admin/bookings/${declining}/quote`, 200, asAdmin(lines));
    const linkTo = async (id: string) => {
      const link = newManageToken();
      await saveManageTokenHash(db.sql, id, link.hash);
      return link.token;
    };
    const [yes, no, missing] = [await linkTo(accepting), await linkTo(declining), newManageToken().token];
    // Tuesday 9 March 2027, 10:00: clear of the other steps' jobs.
    const at = { body: { startTimeISO: "2027-03-09T10:00:00+11:00" } };
    await call("POST", `/api/manage/${yes}/accept`, 422, { body: { startTimeISO: "2026-11-23T10:00:00+11:00" } });
    await call("POST", `/api/manage/${yes}/accept`, 200, at);
    await call("POST", `/api/manage/${yes}/accept`, 409, at);
    await call("POST", `/api/manage/${no}/accept`, 409, at);
    await call("POST", `/api/manage/${missing}/accept`, 404, at);
    await call("POST", `/api/manage/${no}/decline`, 422, { body: { reason: "" } });
    await call("POST", `/api/manage/${no}/decline`, 200, { body: { reason: "Too dear" } });
    await call("POST", `/api/manage/${no}/decline`, 409, { body: { reason: "Too dear" } });
    await call("POST", `/api/manage/${missing}/decline`, 404, { body: { reason: "Too dear" } });
    await call("POST", `/api/admin/inquiries/${inquiryId}/quote`, 201, asAdmin({ serviceId: DEMO_SERVICE_IDS.hourly, ...lines }));
    await call("POST", `/api/admin/inquiries/${inquiryId}/quote`, 422, asAdmin({ serviceId: "", ...lines }));
    await call("POST", `/api/admin/inquiries/${unknownId()}/quote`, 404, asAdmin({ serviceId: DEMO_SERVICE_IDS.hourly, ...lines }));
  });

  await t.step("card payments through Stripe, off and on (issue 30)", async () => {
    const off = { body: { kind: "BALANCE" } };
    await call("GET", "/api/payments/config", 200);
    await call("GET", "/api/admin/settings/payments", 200, asAdmin());
    await call("PUT", "/api/admin/settings/payments", 404, asSuperadmin({ deposit: { mode: "NONE" }, balanceOnline: true }));
    await call("POST", `/api/manage/${newManageToken().token}/checkout`, 404, off);
    await call("GET", `/api/manage/${newManageToken().token}/payment-options`, 404);
    await call("POST", `/api/bookings/${bookingId}/deposit-checkout`, 404);
    await call("POST", "/api/payments/stripe/webhook", 404, { body: { id: "evt_x" } });
    await call("POST", `/api/admin/bookings/${bookingId}/payments/${unknownId()}/refund`, 404, asSuperadmin({ reason: "x" }));

    const stand = stripeStandIn();
    try {
      const on = stripeApp(db, stand.url, []);
      await call("PUT", "/api/admin/settings/payments", 200, asSuperadmin({ deposit: { mode: "PERCENT", value: 20 }, balanceOnline: true }), on);
      await call("PUT", "/api/admin/settings/payments", 422, asSuperadmin({ deposit: { mode: "FIXED", value: 0 }, balanceOnline: true }), on);
      const booked = await call("POST", "/api/bookings", 201, { body: draft({ startTimeISO: "2026-12-01T10:00:00+11:00", frequencyCode: "ONE_TIME" }) }, on);
      const id = idOf(booked);
      const link = newManageToken();
      await saveManageTokenHash(db.sql, id, link.hash);
      await call("GET", `/api/manage/${link.token}/payment-options`, 200, {}, on);
      await call("GET", `/api/manage/${newManageToken().token}/payment-options`, 404, {}, on);
      await call("POST", `/api/bookings/${id}/deposit-checkout`, 201, {}, on);
      await call("POST", `/api/bookings/${unknownId()}/deposit-checkout`, 404, {}, on);
      await call("POST", `/api/manage/${link.token}/checkout`, 201, { body: { kind: "DEPOSIT" } }, on);
      await call("POST", `/api/manage/${link.token}/checkout`, 422, { body: { kind: "TIP" } }, on);
      await call("POST", `/api/manage/${quoteId}/checkout`, 404, off, on);
      const total = Math.round((booked as { firstServiceTotal: number }).firstServiceTotal * 100);
      const event = completedEvent("evt_doc_1", { id: "cs_doc_1", bookingId: id, kind: "BALANCE", amountCents: total, intent: "pi_doc_1" });
      const signed = await webhookRequest(event);
      await call("POST", "/api/payments/stripe/webhook", 200, { body: signed.payload, headers: signed.headers }, on);
      await call("POST", "/api/payments/stripe/webhook", 400, { body: signed.payload, headers: { ...signed.headers, "stripe-signature": "t=1,v1=00" } }, on);
      await call("POST", `/api/manage/${link.token}/checkout`, 409, off, on);
      const { items } = await call("GET", `/api/admin/bookings/${id}/payments`, 200, asAdmin(), on) as { items: { _id: string }[] };
      const refund = (paymentId: string) => `/api/admin/bookings/${id}/payments/${paymentId}/refund`;
      await call("POST", refund(items[0]._id), 200, asSuperadmin({ amount: 10, reason: "Goodwill" }), on);
      await call("POST", refund(items[0]._id), 422, asSuperadmin({ amount: 100_000, reason: "Too much" }), on);
      await call("POST", refund(unknownId()), 404, asSuperadmin({ reason: "x" }), on);
    } finally {
      await stand.close();
    }
  });

  await t.step("staff: settings, accounts, login and the audit log", async () => {
    await call("GET", "/api/admin/settings/slot-buffer", 200, asAdmin());
    await call("PUT", "/api/admin/settings/slot-buffer", 200, asAdmin({ slotBufferMin: 90 }));
    await call("GET", "/api/admin/settings/scheduling", 200, asAdmin());
    await call("PUT", "/api/admin/settings/scheduling", 200, asAdmin({ maxConcurrentPerSlot: 2, closedWeekdays: [0, 6] }));
    await call("GET", "/api/admin/content", 200, asAdmin());
    await call("PUT", "/api/admin/content", 200, asAdmin({ generalCommentLabel: "Anything else?", cancellationPolicyHtml: "<p>24 hours' notice.</p>" }));

    const password = "correct horse battery";
    await call("GET", "/api/admin/admins", 200, asSuperadmin());
    const casey = idOf(await call("POST", "/api/admin/admins", 201, asSuperadmin({ name: "Casey", email: "casey@yarrashine.com.au", password })));
    await call("POST", "/api/admin/admins", 409, asSuperadmin({ name: "Casey again", email: "CASEY@yarrashine.com.au", password }));
    await call("POST", "/api/admin/admins", 422, asSuperadmin({}));
    await call("PUT", `/api/admin/admins/${casey}`, 200, asSuperadmin({ name: "Casey Jones" }));
    await call("PUT", `/api/admin/admins/${unknownId()}`, 404, asSuperadmin({ name: "X" }));

    const client = { "x-forwarded-for": "203.0.113.7" };
    const { token } = await call("POST", "/api/auth/login", 200, { body: { email: "casey@yarrashine.com.au", password }, headers: client }) as { token: string };
    await call("POST", "/api/auth/logout", 204, { headers: { authorization: `Bearer ${token}` } });
    await call("POST", "/api/auth/login", 401, { body: { email: "casey@yarrashine.com.au", password: "not the password" }, headers: client });
    await call("POST", "/api/auth/login", 422, { body: { email: "" }, headers: client });

    await call("DELETE", `/api/admin/admins/${casey}`, 204, asSuperadmin());
    await call("DELETE", `/api/admin/admins/${casey}`, 404, asSuperadmin());
    await call("DELETE", `/api/admin/admins/${root.admin._id}`, 409, asSuperadmin());
    await call("GET", "/api/admin/audit", 200, asSuperadmin());
    await call("GET", "/api/admin/audit?entity=admin&limit=2&page=1", 200, asSuperadmin());
    await call("GET", `/api/admin/audit?adminId=${root.admin._id}&recordType=admin&actor=staff&from=2026-01-01&to=2030-12-31`, 200, asSuperadmin());
    await call("GET", "/api/admin/audit?email=ada@example.com&recordType=booking", 200, asSuperadmin());
    await call("GET", "/api/admin/audit?from=2026-02-30", 422, asSuperadmin());
  });

  await t.step("staff: closed dates and the service area", async () => {
    await call("GET", "/api/admin/closed-dates", 200, asAdmin());
    await call("POST", "/api/admin/closed-dates", 201, asAdmin({ date: "2026-12-24", label: "Team day off" }));
    await call("POST", "/api/admin/closed-dates", 409, asAdmin({ date: "2026-12-24" }));
    await call("POST", "/api/admin/closed-dates", 422, asAdmin({ date: "2026-02-30" }));
    await call("DELETE", "/api/admin/closed-dates/2026-12-24", 204, asAdmin());
    await call("DELETE", "/api/admin/closed-dates/2026-12-24", 404, asAdmin());
    await call("GET", "/api/admin/closed-dates/public-holidays", 200, asAdmin());
    await call("POST", "/api/admin/closed-dates/public-holidays", 200, asAdmin());
    await call("GET", "/api/admin/settings/service-area", 200, asAdmin());
    await call("PUT", "/api/admin/settings/service-area", 200, asAdmin({ postcodes: ["3121", "3000-3207"] }));
    await call("PUT", "/api/admin/settings/service-area", 422, asAdmin({ postcodes: ["31"] }));
    await call("DELETE", "/api/admin/closed-dates/christmas", 422, asAdmin());
  });

  await t.step("staff: the team, who is on which job, and the schedule (issue 16)", async () => {
    await call("GET", "/api/admin/cleaners", 200, asAdmin());
    await call("GET", "/api/admin/cleaners?includeInactive=true", 200, asAdmin());
    await call("GET", "/api/admin/cleaners?includeInactive=perhaps", 422, asAdmin());
    const cleaner = idOf(await call("POST", "/api/admin/cleaners", 201, asAdmin({ name: "Ava Chen", phone: "0412 000 111" })));
    await call("POST", "/api/admin/cleaners", 422, asAdmin({ name: "", colour: "teal" }));
    await call("PATCH", `/api/admin/cleaners/${cleaner}`, 200, asAdmin({ colour: "#0e7490", email: "ava@yarrashine.com.au" }));
    await call("PATCH", `/api/admin/cleaners/${cleaner}`, 422, asAdmin({ phone: "555" }));
    await call("PATCH", `/api/admin/cleaners/${unknownId()}`, 404, asAdmin({ name: "Nobody" }));
    await call("PUT", `/api/admin/bookings/${bookingId}/cleaners`, 200, asAdmin({ cleanerIds: [cleaner] }));
    await call("PUT", `/api/admin/bookings/${quoteId}/cleaners`, 409, asAdmin({ cleanerIds: [cleaner] }));
    await call("PUT", `/api/admin/bookings/${bookingId}/cleaners`, 422, asAdmin({ cleanerIds: [unknownId()] }));
    await call("PUT", `/api/admin/bookings/${unknownId()}/cleaners`, 404, asAdmin({ cleanerIds: [] }));
    // The week of the booking, with its cleaner; closed weekends and a closed date among the days.
    await call("GET", "/api/admin/schedule?from=2026-11-23&to=2026-11-29", 200, asAdmin());
    await call("GET", "/api/admin/schedule?from=2026-12-20&to=2026-12-31", 200, asAdmin());
    await call("GET", "/api/admin/schedule?from=2026-11-01&to=2026-12-31", 422, asAdmin());
    // Issue 28: the team as capacity, a cleaner's week and leave.
    await call("PUT", `/api/admin/cleaners/${cleaner}/working-hours`, 200, asAdmin({ days: [{ weekday: 1, start: "08:00", end: "17:00" }] }));
    await call("PUT", `/api/admin/cleaners/${cleaner}/working-hours`, 422, asAdmin({ days: [{ weekday: 1, start: "08:00", end: "07:00" }] }));
    await call("PUT", `/api/admin/cleaners/${unknownId()}/working-hours`, 404, asAdmin({ days: [] }));
    const timeOff = idOf(await call("POST", `/api/admin/cleaners/${cleaner}/time-off`, 201, asAdmin({ from: "2026-12-21", to: "2027-01-08", reason: "Leave" })));
    await call("POST", `/api/admin/cleaners/${cleaner}/time-off`, 422, asAdmin({ from: "2026-12-21", to: "2026-12-20" }));
    await call("POST", `/api/admin/cleaners/${unknownId()}/time-off`, 404, asAdmin({ from: "2026-12-21", to: "2026-12-21" }));
    await call("DELETE", `/api/admin/cleaners/${cleaner}/time-off/${timeOff}`, 204, asAdmin());
    await call("DELETE", `/api/admin/cleaners/${cleaner}/time-off/${timeOff}`, 404, asAdmin());
    // Issue 31: a cleaner's login, the invite's link, who is signed in.
    await call("GET", `/api/admin/cleaners/${cleaner}/account`, 200, asAdmin());
    await call("GET", `/api/admin/cleaners/${unknownId()}/account`, 404, asAdmin());
    const cleanerPassword = "violet canyon drifts 58";
    await call("POST", `/api/admin/cleaners/${cleaner}/account`, 201, asAdmin({ email: "ava.login@example.com", password: cleanerPassword }));
    await call("POST", `/api/admin/cleaners/${cleaner}/account`, 409, asAdmin({ email: "ava.other@example.com" }));
    await call("POST", `/api/admin/cleaners/${cleaner}/account`, 422, asAdmin({ email: "nope" }));
    await call("POST", `/api/admin/cleaners/${unknownId()}/account`, 404, asAdmin({ email: "x@example.com" }));
    const { token: cleanerToken } = await call("POST", "/api/auth/login", 200, { body: { email: "ava.login@example.com", password: cleanerPassword } }) as { token: string };
    await call("GET", "/api/auth/me", 200, { headers: { authorization: `Bearer ${cleanerToken}` } });
    await call("GET", "/api/auth/me", 200, asAdmin());
    await call("GET", "/api/auth/me", 401);
    await call("DELETE", `/api/admin/cleaners/${cleaner}/account`, 204, asAdmin());
    await call("DELETE", `/api/admin/cleaners/${cleaner}/account`, 404, asAdmin());
    await call("POST", `/api/admin/cleaners/${cleaner}/account`, 201, asAdmin({ email: "ava.invite@example.com" }));
    const [{ text_body: invite }] = await db.sql<{ text_body: string }[]>`
      select text_body from email_outbox where kind = 'cleaner-invite' and to_address = 'ava.invite@example.com'`;
    const inviteToken = /\/admin\/set-password\/([A-Za-z0-9_-]{43})/.exec(invite)![1];
    await call("POST", "/api/auth/set-password", 422, { body: { token: inviteToken, password: "short" } });
    await call("POST", "/api/auth/set-password", 200, { body: { token: inviteToken, password: cleanerPassword } });
    await call("POST", "/api/auth/set-password", 404, { body: { token: inviteToken, password: cleanerPassword } });
    await call("DELETE", `/api/admin/cleaners/${cleaner}`, 200, asAdmin());
    await call("DELETE", `/api/admin/cleaners/${unknownId()}`, 404, asAdmin());
  });

  await t.step("staff: bookings the office makes, edits and converts (issue 16)", async () => {
    // Tuesday 24 Nov is inside the public lead time; the office may book it.
    const tuesday = "2026-11-24T09:00:00+11:00";
    const phone = { ...draft({ startTimeISO: tuesday, email: "phone@example.com" }), notifyCustomer: false };
    const made = idOf(await call("POST", "/api/admin/bookings", 201, asAdmin(phone)));
    // Two places a slot since the settings step.
    await call("POST", "/api/admin/bookings", 201, asAdmin({ ...phone, email: "phone2@example.com" }));
    await call("POST", "/api/admin/bookings", 409, asAdmin(phone));
    await call("POST", "/api/admin/bookings", 403, asAdmin({ ...phone, overrideCapacity: true }));
    await call("POST", "/api/admin/bookings", 422, asAdmin({ ...phone, startTimeISO: "2026-11-20T09:00:00+11:00" }));
    await call("PATCH", `/api/admin/bookings/${made}`, 200, asAdmin({ hours: 4, preview: true }));
    await call("PATCH", `/api/admin/bookings/${made}`, 200, asAdmin({ notes: "Ring twice", notifyCustomer: false }));
    await call("PATCH", `/api/admin/bookings/${made}`, 403, asAdmin({ notes: "x", overrideCapacity: true }));
    await call("PATCH", `/api/admin/bookings/${made}`, 422, asAdmin({ email: "nope" }));
    await call("PATCH", `/api/admin/bookings/${unknownId()}`, 404, asAdmin({ notes: "x" }));
    const quote = idOf(await call("POST", "/api/quotes", 201, { body: draft({ email: "convert@example.com" }) }));
    await call("PATCH", `/api/admin/bookings/${quote}`, 409, asAdmin({ hours: 5 }));
    // A quote holds no place, so it may ask for the office's full Tuesday; converting there is refused.
    await call("PATCH", `/api/admin/bookings/${quote}`, 200, asAdmin({ startTimeISO: tuesday }));
    await call("POST", `/api/admin/bookings/${quote}/convert`, 409, asAdmin({}));
    await call("PATCH", `/api/admin/bookings/${quote}`, 200, asAdmin({ startTimeISO: "2026-11-25T09:00:00+11:00" }));
    await call("POST", `/api/admin/bookings/${quote}/convert`, 403, asAdmin({ overrideCapacity: true }));
    await call("POST", `/api/admin/bookings/${quote}/convert`, 422, asAdmin({ notifyCustomer: "yes" }));
    await call("POST", `/api/admin/bookings/${quote}/convert`, 200, asAdmin({ notifyCustomer: false }));
    await call("POST", `/api/admin/bookings/${unknownId()}/convert`, 404, asAdmin({}));
  });

  await t.step("staff: series of regular visits (issue 17)", async () => {
    // The weekly booking of the public writes started a series; a change generates its visits at once.
    const { seriesId } = await call("GET", `/api/admin/bookings/${bookingId}`, 200, asAdmin()) as { seriesId: string };
    const series = `/api/admin/series/${seriesId}`;
    await call("GET", "/api/admin/series", 200, asAdmin());
    await call("GET", "/api/admin/series?status=ACTIVE&q=ada&limit=5&page=1", 200, asAdmin());
    await call("GET", "/api/admin/series?status=NOPE", 422, asAdmin());
    await call("GET", `/api/admin/series/${unknownId()}`, 404, asAdmin());
    await call("POST", `${series}/change`, 422, asAdmin({ fromDate: "2026-11-01" }));
    await call("POST", `/api/admin/series/${unknownId()}/change`, 404, asAdmin({ fromDate: "2026-12-10" }));
    await call("POST", `${series}/change`, 200, asAdmin({ fromDate: "2026-12-10", hours: 4 }));
    await call("PUT", `${series}/cleaners`, 422, asAdmin({ cleanerIds: [unknownId()] }));
    await call("PUT", `/api/admin/series/${unknownId()}/cleaners`, 404, asAdmin({ cleanerIds: [] }));
    await call("PUT", `${series}/cleaners`, 200, asAdmin({ cleanerIds: [] }));
    const { visits } = await call("GET", series, 200, asAdmin()) as { visits: { _id: string; status: string; startTime: string }[] };
    const [skip, move] = visits.filter((v) => v.status !== "CANCELLED" && v.startTime > "2026-12-09");
    await call("POST", `${series}/visits/${skip._id}/skip`, 422, asAdmin({ reason: "x".repeat(501) }));
    await call("POST", `${series}/visits/${skip._id}/skip`, 200, asAdmin({ reason: "Away" }));
    await call("POST", `${series}/visits/${skip._id}/skip`, 409, asAdmin({}));
    await call("POST", `${series}/visits/${unknownId()}/skip`, 404, asAdmin({}));
    await call("POST", `${series}/visits/${move._id}/move`, 403, asAdmin({ startTimeISO: "2026-12-21T10:00:00+11:00", overrideCapacity: true }));
    await call("POST", `${series}/visits/${move._id}/move`, 422, asAdmin({ startTimeISO: "2026-12-20T10:00:00+11:00" }));
    await call("POST", `${series}/visits/${skip._id}/move`, 409, asAdmin({ startTimeISO: "2026-12-21T10:00:00+11:00" }));
    await call("POST", `${series}/visits/${unknownId()}/move`, 404, asAdmin({ startTimeISO: "2026-12-21T10:00:00+11:00" }));
    await call("POST", `${series}/visits/${move._id}/move`, 200, asAdmin({ startTimeISO: "2026-12-21T10:00:00+11:00" }));
    // Issue 28: the first visit's link changes the other coming visits of its regular clean.
    const link = newManageToken();
    await saveManageTokenHash(db.sql, bookingId, link.hash);
    const manage = `/api/manage/${link.token}`;
    const [other, another] = visits.filter((v) => v.status !== "CANCELLED" && v.startTime > "2026-12-09" && v._id !== skip._id && v._id !== move._id);
    await call("GET", manage, 200);
    const calendar = await call("GET", `${manage}/visits/${other._id}/availability?from=2026-12-01&to=2026-12-31`, 200) as {
      days: { slots?: { startTimeISO: string; available: boolean }[] }[];
    };
    // A free time: the staff's weekly bookings above plan their visits at once, so fixed times may be taken.
    const free = calendar.days.flatMap((day) => day.slots ?? []).find((slot) => slot.available && slot.startTimeISO > "2026-12-21")!.startTimeISO;
    await call("GET", `${manage}/visits/${other._id}/availability?from=2026-12-31&to=2026-12-01`, 422);
    await call("GET", `${manage}/visits/${unknownId()}/availability?from=2026-12-01&to=2026-12-31`, 404);
    await call("POST", `${manage}/visits/${other._id}/reschedule`, 422, { body: { startTimeISO: "2026-12-20T10:00:00+11:00" } });
    await call("POST", `${manage}/visits/${skip._id}/reschedule`, 409, { body: { startTimeISO: "2026-12-22T10:00:00+11:00" } });
    await call("POST", `${manage}/visits/${unknownId()}/reschedule`, 404, { body: { startTimeISO: "2026-12-22T10:00:00+11:00" } });
    await call("POST", `${manage}/visits/${other._id}/reschedule`, 200, { body: { startTimeISO: free } });
    await call("POST", `${manage}/visits/${another._id}/skip`, 200);
    await call("POST", `${manage}/visits/${another._id}/skip`, 409);
    await call("POST", `${manage}/visits/${unknownId()}/skip`, 404);
    await call("POST", `${series}/pause`, 422, asAdmin({ fromDate: "2026-01-01" }));
    await call("POST", `/api/admin/series/${unknownId()}/pause`, 404, asAdmin({}));
    await call("POST", `${series}/pause`, 200, asAdmin({ fromDate: "2027-01-04" }));
    await call("POST", `${series}/resume`, 422, asAdmin({ fromDate: "nope" }));
    await call("POST", `/api/admin/series/${unknownId()}/resume`, 404, asAdmin({}));
    await call("POST", `${series}/resume`, 200, asAdmin({}));
    await call("POST", `${series}/end`, 422, asAdmin({}));
    await call("POST", `/api/admin/series/${unknownId()}/end`, 404, asAdmin({ fromDate: "2027-02-01" }));
    await call("POST", `${series}/end`, 200, asAdmin({ fromDate: "2027-02-01", reason: "Moving" }));
    await call("POST", `${series}/end`, 409, asAdmin({ fromDate: "2027-02-01" }));
  });

  await t.step("staff: customer records (issue 17)", async () => {
    const { customerId } = await call("GET", `/api/admin/bookings/${bookingId}`, 200, asAdmin()) as { customerId: string };
    await call("GET", "/api/admin/customers", 200, asAdmin());
    await call("GET", "/api/admin/customers?q=ada&tag=VIP&page=1&limit=5", 200, asAdmin());
    await call("GET", "/api/admin/customers?limit=101", 422, asAdmin());
    await call("GET", "/api/admin/customers/export.csv", 200, asAdmin());
    await call("GET", `/api/admin/customers/${customerId}`, 200, asAdmin());
    await call("GET", `/api/admin/customers/${unknownId()}`, 404, asAdmin());
    await call("PATCH", `/api/admin/customers/${customerId}`, 200, asAdmin({ tags: ["VIP"], notes: "Gate code 4321" }));
    await call("PATCH", `/api/admin/customers/${customerId}`, 422, asAdmin({ notes: 1 }));
    await call("PATCH", `/api/admin/customers/${unknownId()}`, 404, asAdmin({ notes: "x" }));
    const fresh = await call("POST", "/api/quotes", 201, { body: draft({ email: "merge-me@example.com" }) }) as { customerId: string };
    await call("POST", `/api/admin/customers/${customerId}/merge`, 422, asAdmin({ otherId: customerId }));
    await call("POST", `/api/admin/customers/${unknownId()}/merge`, 404, asAdmin({ otherId: fresh.customerId }));
    await call("POST", `/api/admin/customers/${customerId}/merge`, 200, asAdmin({ otherId: fresh.customerId }));
    await call("POST", `/api/admin/customers/${customerId}/merge`, 422, asAdmin({ otherId: fresh.customerId }));
  });

  await t.step("feedback after each job: the settings, a job's feedback, asking again, the customer's link, the ratings (issue 32)", async () => {
    await call("GET", "/api/admin/settings/feedback", 200, asAdmin());
    await call("PUT", "/api/admin/settings/feedback", 200, asSuperadmin({ enabled: true, delayHours: 0, reviewUrl: "https://g.page/r/yarra/review" }));
    await call("PUT", "/api/admin/settings/feedback", 422, asSuperadmin({ enabled: true, delayHours: 169, reviewUrl: null }));
    // Two jobs done (marked in the store: this app's clock is before their start), one with a link whose token the test holds.
    const done = async (email: string) => {
      const id = idOf(await call("POST", "/api/bookings", 201, { body: draft({ email, frequencyCode: "ONE_TIME", startTimeISO: "2027-04-13T10:00:00+10:00" }) }));
      await db.sql`update bookings set status = 'DONE' where id = ${id}`;
      return id;
    };
    const [rated, asked] = [await done("rates@example.com"), await done("asked@example.com")];
    const request = newFeedbackRequest(rated, NOW);
    await saveFirstFeedbackRequest(db.sql, request.row);
    await call("GET", `/api/feedback/${request.token}`, 200);
    await call("GET", `/api/feedback/${newManageToken().token}`, 404);
    await call("POST", `/api/feedback/${request.token}`, 422, { body: { rating: 0 } });
    await call("POST", `/api/feedback/${newManageToken().token}`, 404, { body: { rating: 2 } });
    await call("POST", `/api/feedback/${request.token}`, 201, { body: { rating: 2, comment: "Late" } });
    await call("POST", `/api/feedback/${request.token}`, 409, { body: { rating: 5 } });
    await call("GET", `/api/admin/bookings/${rated}/feedback`, 200, asAdmin());
    await call("GET", `/api/admin/bookings/${unknownId()}/feedback`, 404, asAdmin());
    await call("POST", `/api/admin/bookings/${asked}/feedback-request`, 201, asAdmin());
    await call("POST", `/api/admin/bookings/${rated}/feedback-request`, 409, asAdmin());
    await call("POST", `/api/admin/bookings/${quoteId}/feedback-request`, 409, asAdmin());
    await call("POST", `/api/admin/bookings/${unknownId()}/feedback-request`, 404, asAdmin());
    await call("GET", "/api/admin/feedback?limit=5", 200, asAdmin());
    await call("GET", "/api/admin/feedback?limit=500", 422, asAdmin());
    await call("GET", "/api/admin/feedback/cleaners", 200, asAdmin());
  });

  await t.step("how cleaners are told of their jobs: the run sheet's hour (issue 31)", async () => {
    await call("GET", "/api/admin/settings/team-notices", 200, asAdmin());
    await call("PUT", "/api/admin/settings/team-notices", 200, asSuperadmin({ runSheetHour: 18 }));
    await call("PUT", "/api/admin/settings/team-notices", 422, asSuperadmin({ runSheetHour: 24 }));
  });

  /** Issue 31: a cleaner's login (for the team calls), made once for the steps below that need it. */
  let cleanerLogin: Record<string, string> | undefined;
  const asCleaner = async () => {
    if (cleanerLogin) return cleanerLogin;
    const id = idOf(await call("POST", "/api/admin/cleaners", 201, asAdmin({ name: "Role Check" })));
    const password = "violet canyon drifts 58";
    await call("POST", `/api/admin/cleaners/${id}/account`, 201, asAdmin({ email: "role.check@example.com", password }));
    const { token } = await call("POST", "/api/auth/login", 200, { body: { email: "role.check@example.com", password } }) as { token: string };
    return (cleanerLogin = { authorization: `Bearer ${token}` });
  };
  /** The headers of someone the route's role lets through (none for a public route). */
  const headersFor = async (route: DeclaredRoute) => {
    const role = roleOf(route);
    return role === "superadmin" ? superadmin : role === "admin" || role === "staff" ? admin : role === "cleaner" ? await asCleaner() : {};
  };

  await t.step("a cleaner's own jobs and taps, a job's marks and their corrections, timesheets (issue 31)", async () => {
    const cleaner = await asCleaner();
    const asTheCleaner = (body?: unknown): CallInit => ({ body, headers: cleaner });
    const [{ cleaner_id: cleanerId }] = await db.sql<{ cleaner_id: string }[]>`select cleaner_id from admins where email = 'role.check@example.com'`;
    const job = idOf(await call("POST", "/api/bookings", 201, { body: draft({ email: "on-the-job@example.com", frequencyCode: "ONE_TIME", startTimeISO: "2027-04-14T10:00:00+10:00" }) }));
    // Moved to start an hour after this app's clock, so check-in is open.
    await db.sql`update bookings set start_time = ${new Date(NOW.getTime() + 3600_000)}, end_time = ${new Date(NOW.getTime() + 4 * 3600_000)} where id = ${job}`;
    await call("PUT", `/api/admin/bookings/${job}/cleaners`, 200, asAdmin({ cleanerIds: [cleanerId] }));
    await call("GET", "/api/team/jobs", 200, asTheCleaner());
    await call("GET", "/api/team/jobs?from=2026-11-22", 422, asTheCleaner());
    await call("POST", `/api/team/jobs/${unknownId()}/on-my-way`, 404, asTheCleaner());
    await call("POST", `/api/team/jobs/${job}/on-my-way`, 200, asTheCleaner());
    await call("POST", `/api/team/jobs/${job}/check-out`, 409, asTheCleaner({}));
    await call("POST", `/api/team/jobs/${job}/check-in`, 422, asTheCleaner({ lat: 100, lng: 0 }));
    await call("POST", `/api/team/jobs/${job}/check-in`, 200, asTheCleaner({ note: "Side gate" }));
    await call("POST", `/api/team/jobs/${job}/check-in`, 409, asTheCleaner({}));
    await call("POST", `/api/team/jobs/${job}/check-out`, 200, asTheCleaner({ note: "All done" }));
    await call("GET", `/api/admin/bookings/${job}/attendance`, 200, asAdmin());
    await call("GET", `/api/admin/bookings/${unknownId()}/attendance`, 404, asAdmin());
    await call("PATCH", `/api/admin/bookings/${job}/attendance/${cleanerId}`, 200, asAdmin({ checkInAt: "2026-11-22T10:50:00+11:00" }));
    await call("PATCH", `/api/admin/bookings/${job}/attendance/${cleanerId}`, 422, asAdmin({}));
    await call("PATCH", `/api/admin/bookings/${job}/attendance/${unknownId()}`, 404, asAdmin({ checkInAt: null }));
    await call("GET", "/api/admin/timesheets?from=2026-11-16&to=2026-11-29", 200, asAdmin());
    await call("GET", "/api/admin/timesheets?from=2026-11-29&to=2026-11-16", 422, asAdmin());
    await call("GET", "/api/admin/timesheets.csv?from=2026-11-16&to=2026-11-29", 200, asAdmin());
  });

  await t.step("every route: 401 without a token, 403 for a role below it, 400 for a body that is not an object", async () => {
    for (const route of app.declaredRoutes()) {
      const method = route.method.toUpperCase();
      const path = samplePath(route);
      if (roleOf(route) !== "public") await call(method, path, 401);
      if (roleOf(route) === "superadmin") await call(method, path, 403, asAdmin());
      // Issue 31: the office's roles and a cleaner's login are each below the other's calls.
      if (roleOf(route) === "cleaner") await call(method, path, 403, asSuperadmin());
      if (roleOf(route) === "admin" || roleOf(route) === "superadmin") await call(method, path, 403, { headers: await asCleaner() });
      if (route.request?.body) await call(method, path, 400, { body: "[]", headers: await headersFor(route) });
    }
  });

  await t.step("every route with a body: 413 for a body over the limit", async () => {
    const oversized = JSON.stringify({ padding: "x".repeat(MAX_BODY_BYTES) });
    const failures: string[] = [];
    for (const route of app.declaredRoutes().filter((r) => r.request?.body)) {
      const headers = await headersFor(route);
      await call(route.method.toUpperCase(), samplePath(route), 413, { body: oversized, headers })
        .catch(() => failures.push(routeName(route)));
    }
    assert.deepEqual(failures, [], "routes whose answer to an oversized body is not a declared 413");
  });

  await t.step("the health check's 503 when the database is gone", async () => {
    const original = console.error;
    console.error = () => {};
    try {
      const down = buildTestApp(db, { checkDatabase: () => Promise.reject(new Error("connection refused")) });
      await call("GET", "/api/health", 503, {}, down);
    } finally {
      console.error = original;
    }
  });

  await t.step("the public writes' 429 over the limit", async () => {
    const strict = buildTestApp(db, {
      clock: fixedClock,
      limits: { submit: { ...TEST_LIMITS.submit, limit: 1 }, availability: { ...TEST_LIMITS.availability, limit: 1 } },
    });
    const headers = { "x-forwarded-for": "198.51.100.23" };
    await awayFromWindowEdge(TEST_LIMITS.availability.windowSeconds);
    const body = { startTimeISO: draft().startTimeISO };
    await call("POST", "/api/availability/check", 200, { body, headers }, strict);
    await call("POST", "/api/availability/check", 429, { body, headers }, strict);
    await awayFromWindowEdge(TEST_LIMITS.submit.windowSeconds);
    const inquiry = { firstName: "Bob", lastName: "Builder", email: "bob@depot.example", phone: "0412 000 222", suburb: "Dandenong", message: "Warehouse" };
    await call("POST", "/api/inquiries", 201, { body: inquiry, headers }, strict);
    await call("POST", "/api/inquiries", 429, { body: inquiry, headers }, strict);
  });

  await t.step("every declared route answered a success that matched its declaration", () => {
    const unproven = app.declaredRoutes().map(routeName)
      .filter((name) => ![...answered.get(name) ?? []].some((s) => s >= 200 && s < 300));
    assert.deepEqual(unproven, [], "declared routes with no checked 2xx answer: give each a call above");
  });
});
