/**
 * The audit log a person can read (issue 20): who by name, which record by its human name, one
 * sentence, the changes in Melbourne time; filters by person, record type and Melbourne dates;
 * and a booking's or inquiry's own history for ordinary admins.
 */
import assert from "node:assert/strict";
import { buildTestApp, describeApi, json, sessionOf } from "./test-app.ts";
import { draft, fixedClock, NOW, post } from "./test-fixtures.ts";
import { makeAdminStore } from "../adapters/postgres/admin-repository.ts";
import { saveManageTokenHash } from "../adapters/postgres/booking-repository.ts";
import { newManageToken } from "../core/booking/manage/token.ts";
import type { AuditEntryDto } from "../core/admin/manage-audit.ts";

const get = (path: string, headers: Record<string, string>) => new Request(`http://localhost${path}`, { headers });
const send = (method: string, path: string, body: unknown, headers: Record<string, string>) =>
  new Request(`http://localhost${path}`, { method, headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

interface AuditPageBody {
  items: AuditEntryDto[];
  page: number;
  totalPages: number;
  totalItems: number;
}

describeApi("the audit log a person can read", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: fixedClock });
  const admins = makeAdminStore(db.sql);
  const owner = await sessionOf(db, await admins.insert({ name: "Olivia Owner", email: "olivia@yarrashine.com.au", role: "superadmin", passwordHash: "x" }), NOW);
  const sam = await sessionOf(db, await admins.insert({ name: "Sam Staff", email: "sam@yarrashine.com.au", role: "admin", passwordHash: "x" }), NOW);
  const call = async (request: Request) => await json(await app.request(request));
  const audit = async (query = "", headers = owner.headers) => {
    const answer = await call(get(`/api/admin/audit${query}`, headers));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body as AuditPageBody;
  };
  const only = (page: AuditPageBody, action: string) => {
    const found = page.items.filter((entry) => entry.action === action);
    assert.equal(found.length, 1, `one ${action} row`);
    return found[0];
  };

  // A booking Sam confirms and takes a payment on; the customer moves it; Sam cancels it.
  const booking = (await call(post("/api/bookings", draft()))).body as { _id: string; reference: string };
  const quote = (await call(post("/api/quotes", draft({ firstName: "Grace", lastName: "Hopper", email: "grace@example.com" })))).body as {
    _id: string;
    reference: string;
  };
  assert.equal((await app.request(send("PATCH", `/api/admin/bookings/${booking._id}/status`, { status: "CONFIRMED" }, sam.headers))).status, 200);
  assert.equal((await app.request(send("POST", `/api/admin/bookings/${booking._id}/payments`, { amount: 50, method: "CASH" }, sam.headers))).status, 201);
  const link = newManageToken();
  await saveManageTokenHash(db.sql, booking._id, link.hash);
  assert.equal((await app.request(post(`/api/manage/${link.token}/reschedule`, { startTimeISO: "2026-11-28T09:00:00+11:00" }))).status, 200);
  assert.equal(
    (await app.request(send("PATCH", `/api/admin/bookings/${booking._id}/status`, { status: "CANCELLED", reason: "Moving interstate" }, sam.headers))).status,
    200,
  );
  // An inquiry Sam archives.
  const inquiry = (await call(post("/api/inquiries", {
    inquiryType: "OFFICE", firstName: "Priya", lastName: "Shah", email: "priya@office.example",
    phone: "0412 000 111", suburb: "Docklands", message: "Weekly office clean.",
  }))).body as { _id: string };
  assert.equal((await app.request(send("DELETE", `/api/admin/inquiries/${inquiry._id}`, {}, sam.headers))).status, 200);
  // A service Olivia adds and then deletes for good.
  const service = (await call(send("POST", "/api/admin/services", { name: "Deep Clean", slug: "deep-clean" }, owner.headers))).body as { _id: string };
  assert.equal((await app.request(send("DELETE", `/api/admin/services/${service._id}/hard`, {}, owner.headers))).status, 204);
  // An admin who changes a setting and is then deleted.
  const casey = await admins.insert({ name: "Casey Gone", email: "casey@yarrashine.com.au", role: "admin", passwordHash: "x" });
  const caseySession = await sessionOf(db, casey, NOW);
  assert.equal((await app.request(send("PUT", "/api/admin/settings/slot-buffer", { slotBufferMin: 90 }, caseySession.headers))).status, 200);
  assert.equal((await app.request(send("DELETE", `/api/admin/admins/${casey._id}`, {}, owner.headers))).status, 204);

  await t.step("who by name, which record by its human name, what in one sentence", async () => {
    const page = await audit();
    const label = `${booking.reference} · Ada Lovelace`;
    const confirmed = page.items.find((entry) => entry.action === "booking.status" && (entry.after as { status: string }).status === "CONFIRMED")!;
    assert.deepEqual(confirmed.actor, { name: "Sam Staff", email: "sam@yarrashine.com.au", kind: "staff" });
    assert.deepEqual(confirmed.record, { type: "booking", id: booking._id, label });
    assert.equal(confirmed.summary, `Confirmed booking ${booking.reference} for Ada Lovelace`);
    assert.deepEqual(confirmed.changes, [{ field: "Status", before: "Pending", after: "Confirmed" }]);
    // The stored fields are still there, as before.
    assert.equal(confirmed.adminEmail, "sam@yarrashine.com.au");
    assert.equal(confirmed.entity, "booking");
    assert.equal(confirmed.entityId, booking._id);

    const cancelled = page.items.find((entry) => entry.action === "booking.status" && (entry.after as { status: string }).status === "CANCELLED")!;
    assert.equal(cancelled.summary, `Cancelled booking ${booking.reference} for Ada Lovelace (reason: Moving interstate)`);

    const payment = only(page, "booking.payment");
    assert.equal(payment.summary, `Recorded a payment of A$50.00 (Cash) on booking ${booking.reference} for Ada Lovelace`);
    assert.ok(payment.changes.some((change) => change.field === "Received" && change.after === "Sun 22 Nov 2026, 11:00 am AEDT"));

    const moved = only(page, "booking.customer_reschedule");
    assert.deepEqual(moved.actor, { name: "Customer", email: "ada@example.com", kind: "customer" });
    assert.equal(moved.summary, `Ada Lovelace moved booking ${booking.reference} to Sat 28 Nov 2026, 9:00 am AEDT`);
    assert.deepEqual(moved.changes.find((change) => change.field === "Start"), {
      field: "Start",
      before: "Fri 27 Nov 2026, 9:00 am AEDT",
      after: "Sat 28 Nov 2026, 9:00 am AEDT",
    });

    const archived = only(page, "inquiry.archive");
    assert.deepEqual(archived.record, { type: "inquiry", id: inquiry._id, label: "Priya Shah (Office)" });
    assert.equal(archived.summary, "Archived the inquiry from Priya Shah");

    // Gone records: no label, but the sentence still names them from the row.
    const deleted = only(page, "service.hard_delete");
    assert.equal(deleted.record, null);
    assert.equal(deleted.summary, "Permanently deleted the service Deep Clean and its extras");
    assert.equal(only(page, "service.create").record, null);

    // An admin since deleted reads by the e-mail the row kept.
    const buffer = only(page, "settings.slot_buffer");
    assert.deepEqual(buffer.actor, { name: "casey@yarrashine.com.au", email: "casey@yarrashine.com.au", kind: "staff" });
    assert.deepEqual(buffer.record, { type: "settings", id: "scheduling", label: "Scheduling settings" });
    assert.equal(buffer.summary, "Changed the slot buffer to 90 minutes");
    assert.equal(only(page, "admin.delete").summary, "Deleted the account of Casey Gone");
  });

  await t.step("filters: the person by admin id or e-mail, staff or customers", async () => {
    const bySam = await audit(`?adminId=${sam.admin._id}`);
    // Confirming the first visit confirms the visits it planned with it (issues 17, 28).
    assert.deepEqual(bySam.items.map((entry) => entry.action).sort(), ["booking.payment", "booking.status", "booking.status", "inquiry.archive", "series.confirm_visits"]);
    assert.equal(bySam.totalItems, 5);
    const byEmail = await audit("?email=ADA@example.com");
    // Her weekly booking started a series (issue 17), by her as the customer.
    assert.deepEqual(byEmail.items.map((entry) => entry.action), ["booking.customer_reschedule", "series.create"]);
    const customers = await audit("?actor=customer");
    assert.deepEqual(customers.items.map((entry) => entry.actor.name), ["Customer", "Customer"]);
    const staff = await audit("?actor=staff");
    assert.ok(staff.items.length > 0 && staff.items.every((entry) => entry.actor.kind === "staff"));
  });

  await t.step("filters: the record type, a quote apart from a booking", async () => {
    const note = await call(send("PATCH", `/api/admin/bookings/${quote._id}`, { notes: "Bring a ladder." }, sam.headers));
    assert.equal(note.status, 200, JSON.stringify(note.body));
    const quotes = await audit("?recordType=quote");
    assert.deepEqual(quotes.items.map((entry) => [entry.record?.type, entry.record?.label]), [["quote", `${quote.reference} · Grace Hopper`]]);
    assert.equal(quotes.items[0].summary, `Changed the notes of quote ${quote.reference} for Grace Hopper`);
    const bookings = await audit("?recordType=booking");
    // Cancelling the first visit moved the first-clean price to the next one, by the system (issue 28).
    assert.equal(bookings.totalItems, 5);
    const [moved, ...own] = [...bookings.items].sort((a, b) => Number(b.action === "booking.first_price") - Number(a.action === "booking.first_price"));
    assert.deepEqual([moved.action, moved.actor.kind], ["booking.first_price", "system"]);
    assert.ok(own.every((entry) => entry.entityId === booking._id));
    assert.deepEqual((await audit("?recordType=inquiry")).items.map((entry) => entry.action), ["inquiry.archive"]);
    assert.deepEqual((await audit("?recordType=service")).items.map((entry) => entry.action), ["service.hard_delete", "service.create"]);
    assert.deepEqual((await audit("?recordType=booking&adminId=" + sam.admin._id + "&limit=2&page=2")).items.length, 1);
  });

  await t.step("filters: Melbourne dates, from midnight to midnight, in daylight saving and out of it", async () => {
    // Every row on Sun 22 Nov in its order; then a few at the edges of Melbourne days.
    await db.sql`update audit_log set at = timestamptz '2026-11-22T00:00:00Z' + id * interval '1 second'`;
    // A second before midnight on Tue 24 Nov (AEDT, +11), and midnight itself.
    await db.sql`update audit_log set at = '2026-11-24T12:59:59Z' where action = 'booking.payment'`;
    await db.sql`update audit_log set at = '2026-11-24T13:00:00Z' where action = 'inquiry.archive'`;
    // A second before midnight on Tue 30 Jun (AEST, +10), and midnight itself.
    await db.sql`update audit_log set at = '2026-06-30T13:59:59Z' where action = 'service.create'`;
    await db.sql`update audit_log set at = '2026-06-30T14:00:00Z' where action = 'service.hard_delete'`;
    const actions = async (query: string) => (await audit(query)).items.map((entry) => entry.action);
    assert.deepEqual(await actions("?from=2026-11-24&to=2026-11-24"), ["booking.payment"]);
    assert.deepEqual(await actions("?from=2026-11-25&to=2026-11-25"), ["inquiry.archive"]);
    assert.deepEqual(await actions("?from=2026-11-25"), ["inquiry.archive"]);
    assert.deepEqual(await actions("?to=2026-06-30"), ["service.create"]);
    assert.deepEqual(await actions("?from=2026-07-01&to=2026-07-01"), ["service.hard_delete"]);
    assert.deepEqual(await actions("?from=2026-06-30&to=2026-07-01&recordType=service"), ["service.hard_delete", "service.create"]);
    assert.equal((await audit("?from=2026-11-22&to=2026-11-22")).items.length, (await audit()).totalItems - 4);
  });

  await t.step("a filter that is not allowed is a 422 naming it", async () => {
    const cases: [string, string][] = [
      ["?from=2026-02-30", "from"],
      ["?to=yesterday", "to"],
      ["?from=2026-11-25&to=2026-11-24", "to"],
      ["?adminId=sam", "adminId"],
      ["?recordType=widget", "recordType"],
      ["?actor=robot", "actor"],
    ];
    for (const [query, field] of cases) {
      const { status, body } = await call(get(`/api/admin/audit${query}`, owner.headers));
      assert.equal(status, 422, query);
      assert.equal(body.code, "VALIDATION_FAILED");
      assert.ok(body.fieldErrors[field], `${query}: ${JSON.stringify(body.fieldErrors)}`);
    }
  });

  await t.step("the whole log stays superadmin only: 403 for an ordinary admin", async () => {
    const { status, body } = await call(get("/api/admin/audit", sam.headers));
    assert.equal(status, 403);
    assert.equal(body.code, "FORBIDDEN");
  });

  await t.step("an ordinary admin reads a booking's own history, the customer's changes included", async () => {
    const { status, body } = await call(get(`/api/admin/bookings/${booking._id}/history`, sam.headers));
    assert.equal(status, 200);
    const items = body.items as AuditEntryDto[];
    assert.deepEqual(items.map((entry) => entry.summary), [
      // Its time was moved to Tue 24 Nov above, after the others.
      `Recorded a payment of A$50.00 (Cash) on booking ${booking.reference} for Ada Lovelace`,
      `Cancelled booking ${booking.reference} for Ada Lovelace (reason: Moving interstate)`,
      `Ada Lovelace moved booking ${booking.reference} to Sat 28 Nov 2026, 9:00 am AEDT`,
      `Confirmed booking ${booking.reference} for Ada Lovelace`,
    ]);
    assert.ok(items.every((entry) => entry.entityId === booking._id && entry.record?.label === `${booking.reference} · Ada Lovelace`));
    assert.equal(items[2].actor.name, "Customer");
    const quoteHistory = await call(get(`/api/admin/bookings/${quote._id}/history`, sam.headers));
    assert.deepEqual(quoteHistory.body.items.map((entry: AuditEntryDto) => entry.action), ["booking.edit"]);
  });

  await t.step("an ordinary admin reads an inquiry's own history, archived or not", async () => {
    const { status, body } = await call(get(`/api/admin/inquiries/${inquiry._id}/history`, sam.headers));
    assert.equal(status, 200);
    assert.deepEqual(body.items.map((entry: AuditEntryDto) => [entry.actor.name, entry.summary, entry.record?.label]), [
      ["Sam Staff", "Archived the inquiry from Priya Shah", "Priya Shah (Office)"],
    ]);
  });

  await t.step("a record with no history yet has an empty one; an unknown or malformed id is a 404", async () => {
    const fresh = (await call(post("/api/bookings", draft({ email: "new@example.com", startTimeISO: "2026-12-01T09:00:00+11:00" })))).body as { _id: string };
    assert.deepEqual((await call(get(`/api/admin/bookings/${fresh._id}/history`, sam.headers))).body, { items: [] });
    for (const path of [
      `/api/admin/bookings/${crypto.randomUUID()}/history`,
      "/api/admin/bookings/not-an-id/history",
      // An inquiry's id is no booking's.
      `/api/admin/bookings/${inquiry._id}/history`,
    ]) {
      const { status, body } = await call(get(path, sam.headers));
      assert.equal(status, 404, path);
      assert.equal(body.code, "BOOKING_NOT_FOUND");
    }
    const { status, body } = await call(get(`/api/admin/inquiries/${booking._id}/history`, sam.headers));
    assert.equal(status, 404);
    assert.equal(body.code, "INQUIRY_NOT_FOUND");
    assert.equal((await app.request(get(`/api/admin/bookings/${booking._id}/history`, {}))).status, 401);
  });

  await t.step("pages: the total over every page, and past the last page", async () => {
    const all = await audit();
    const second = await audit("?limit=3&page=2");
    assert.equal(second.totalItems, all.totalItems);
    assert.equal(second.totalPages, Math.ceil(all.totalItems / 3));
    assert.deepEqual(second.items.map((entry) => entry.id), all.items.slice(3, 6).map((entry) => entry.id));
    const beyond = await audit("?limit=3&page=99");
    assert.deepEqual(beyond.items, []);
    assert.equal(beyond.totalItems, all.totalItems);
    const none = await audit("?email=nobody@example.com");
    assert.deepEqual([none.items, none.totalItems, none.totalPages], [[], 0, 1]);
  });
  await t.step("cleaners and extras a row names by id read by their names, in the same query", async () => {
    const job = (await call(post("/api/bookings", draft({ email: "job@example.com", startTimeISO: "2026-12-02T09:00:00+11:00" })))).body as { _id: string; reference: string };
    const cleaner = async (name: string) => ((await call(send("POST", "/api/admin/cleaners", { name }, sam.headers))).body as { _id: string })._id;
    const [mia, lee] = [await cleaner("Mia Chen"), await cleaner("Lee Park")];
    const assigned = await call(send("PUT", `/api/admin/bookings/${job._id}/cleaners`, { cleanerIds: [mia, lee] }, sam.headers));
    assert.equal(assigned.status, 200, JSON.stringify(assigned.body));
    const history = (await call(get(`/api/admin/bookings/${job._id}/history`, sam.headers))).body.items as AuditEntryDto[];
    assert.equal(history[0].summary, `Put Mia Chen and Lee Park on booking ${job.reference} for Ada Lovelace`);
    assert.deepEqual(history[0].changes, [{ field: "Cleaners", before: "none", after: "Mia Chen, Lee Park" }]);
    assert.deepEqual((await audit("?recordType=cleaner")).items.map((entry) => entry.summary), ["Added Lee Park to the team", "Added Mia Chen to the team"]);

    const shop = ((await call(send("POST", "/api/admin/services", { name: "Shop clean", slug: "shop-clean" }, owner.headers))).body as { _id: string })._id;
    const extra = async (title: string) => ((await call(send("POST", "/api/admin/extras", { serviceId: shop, title, price: 10 }, owner.headers))).body as { _id: string })._id;
    const [oven, fridge] = [await extra("Oven"), await extra("Fridge")];
    const reordered = await app.request(
      send("PATCH", `/api/admin/services/${shop}/reorder-extras`, { orders: [{ extraId: fridge, order: 1 }, { extraId: oven, order: 2 }] }, owner.headers),
    );
    assert.equal(reordered.status, 200);
    const row = only(await audit("?recordType=service"), "service.reorder_extras");
    assert.equal(row.summary, "Reordered the extras of the service Shop clean");
    assert.deepEqual(row.record, { type: "service", id: shop, label: "Shop clean" });
    assert.deepEqual(row.changes, [{ field: "Order of extras", before: "Oven, Fridge", after: "Fridge, Oven" }]);
  });

  await t.step("catalogue rows read by name, never an id or JSON, even once the records are gone (issue 34 item 17)", async () => {
    const service = async (name: string, slug: string) =>
      ((await call(send("POST", "/api/admin/services", { name, slug }, owner.headers))).body as { _id: string })._id;
    const [office, warehouse] = [await service("Office clean", "audit-office-clean"), await service("Warehouse clean", "audit-warehouse-clean")];
    const bins = ((await call(send("POST", "/api/admin/extras", { serviceId: office, title: "Empty bins", price: 15 }, owner.headers))).body as {
      _id: string;
    })._id;
    const question = await call(send("POST", "/api/admin/questions", { scope: "SERVICE", serviceId: office, text: "Alarm code?", type: "TEXT" }, owner.headers));
    assert.equal(question.status, 201, JSON.stringify(question.body));
    for (const [method, path, body] of [
      ["PUT", `/api/admin/extras/${bins}`, { serviceId: warehouse }],
      // The same again: no row.
      ["PUT", `/api/admin/extras/${bins}`, { serviceId: warehouse }],
      ["PUT", `/api/admin/questions/${(question.body as { _id: string })._id}`, { scope: "SERVICE", serviceId: warehouse }],
      ["DELETE", `/api/admin/services/${warehouse}/hard`, undefined],
    ] as const) {
      const answer = await app.request(send(method, path, body, owner.headers));
      assert.ok(answer.status === 200 || answer.status === 204, `${method} ${path}: ${answer.status}`);
    }
    const extras = (await audit("?recordType=extra")).items.filter((entry) => entry.entityId === bins);
    assert.deepEqual(extras.map((entry) => entry.summary), [
      "Moved the extra Empty bins from Office clean to Warehouse clean",
      "Added the extra Empty bins",
    ]);
    assert.deepEqual(extras[0].changes.find((change) => change.field === "Service"), { field: "Service", before: "Office clean", after: "Warehouse clean" });
    const gone = (await audit("?recordType=service")).items.find((entry) => entry.action === "service.hard_delete" && entry.entityId === warehouse)!;
    assert.equal(gone.summary, "Permanently deleted the service Warehouse clean and its extras");
    assert.deepEqual(gone.changes.find((change) => change.field === "Extras"), { field: "Extras", before: "Empty bins", after: null });
    assert.deepEqual(gone.changes.find((change) => change.field === "Questions"), { field: "Questions", before: "Alarm code?", after: null });
    for (const entry of (await audit("?limit=100")).items) {
      const texts = [entry.summary, entry.record?.label ?? "", ...entry.changes.flatMap((c) => [c.field, c.before ?? "", c.after ?? ""])];
      for (const text of texts) {
        assert.doesNotMatch(text, /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i, `${entry.action}: ${text}`);
        assert.doesNotMatch(text, /[{}]|":/, `${entry.action}: ${text}`);
      }
    }
  });
});
