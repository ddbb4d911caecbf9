/**
 * Bookings the office makes, edits and converts (issue 16), through the HTTP API on PGlite and
 * PostgreSQL: priced like the public form's, allowed inside the lead time but never in the past,
 * capacity-checked with the superadmin override; an edit previewed without writing, re-priced from
 * the catalogue as it is now, its new time checked for capacity and for the assigned cleaners;
 * quotes converted; the customer's e-mails only when asked for; every write audited.
 */
import assert from "node:assert/strict";
import { adminSession, buildTestApp, describeApi, json } from "./test-app.ts";
import { draft, fixedClock, NOW, post } from "./test-fixtures.ts";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";
import { DEMO_CLEANERS, DEMO_SERVICE_IDS } from "../adapters/postgres/demo-data.ts";
import { earliestDateMessage, START_TIME_PAST_MESSAGE } from "../core/booking/capacity/scheduling.ts";
import { STAFF_BOOKING_ERRORS } from "../core/booking/staff/edit-plan.ts";

type Headers = Record<string, string>;
type Body = Record<string, unknown>;

const SLOT_TAKEN = "That time isn’t available. Please choose another.";

/** Melbourne wall-clock times in late 2026 (AEDT, +11). NOW is Sunday 22 Nov, 11:00. */
const at = (day: string, hour: number) => `2026-${day}T${String(hour).padStart(2, "0")}:00:00+11:00`;

const send = (method: string, path: string, body: unknown, headers: Headers) =>
  new Request(`http://localhost${path}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

const outbox = async (db: TestDatabase, id: string) => [
  ...await db.sql<{ kind: string; to_address: string; subject: string; attachments: { filename: string; content: string }[] }[]>`
    select kind, to_address, subject, attachments from email_outbox where related_id = ${id} order by created_at, id`,
];

const audits = async (db: TestDatabase, id: string, action: string) => [
  ...await db.sql<{ admin_email: string; before: Body | null; after: Body }[]>`
    select admin_email, before, after from audit_log where entity_id = ${id} and action = ${action} order by id`,
];

const row = async (db: TestDatabase, id: string) =>
  (await db.sql<{ hours: string; base_amount: string; start_time: Date; calendar_sequence: number; reminder_sent_at: Date | null; type: string; status: string }[]>`
    select hours, base_amount, start_time, calendar_sequence, reminder_sent_at, type, status from bookings where id = ${id}`)[0];

/**
 * The drafts here are one-offs: a weekly booking plans its visits at once (issue 28), and those
 * would take the places the steps below decide on. Regular cleans are api/frequency-series.test.ts's.
 */
const oneOff = (overrides: Body = {}) => draft({ frequencyCode: "ONE_TIME", ...overrides });

describeApi("staff bookings: make, edit with preview and re-pricing, convert quotes", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: fixedClock });
  const admin = await adminSession(db, "admin", undefined, NOW);
  const root = await adminSession(db, "superadmin", undefined, NOW);
  const call = async (method: string, path: string, body: unknown, as: Headers = admin.headers) =>
    await json(await app.request(send(method, path, body, as)));
  const make = (body: unknown, as?: Headers) => call("POST", "/api/admin/bookings", body, as);
  const edit = (id: string, body: unknown, as?: Headers) => call("PATCH", `/api/admin/bookings/${id}`, body, as);
  const convert = (id: string, body: unknown, as?: Headers) => call("POST", `/api/admin/bookings/${id}/convert`, body, as);
  const publicBooking = async (overrides: Body) => {
    const response = await app.request(post("/api/bookings", oneOff(overrides)));
    return { status: response.status, body: await response.json() };
  };

  // Tuesday 24 Nov: inside the 4 lead days, so the public form refuses it.
  const insideLeadTime = at("11-24", 9);
  let phoneBooking = "";

  await t.step("inside the lead time: the office may book it, priced as the public form prices the same draft", async () => {
    const refused = await publicBooking({ startTimeISO: insideLeadTime });
    assert.equal(refused.status, 422);
    assert.deepEqual(refused.body.fieldErrors.startTimeISO, [earliestDateMessage("2026-11-26")]);

    const made = await make(oneOff({ startTimeISO: insideLeadTime }));
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.equal(made.body.type, "BOOKING");
    assert.equal(made.body.status, "PENDING");
    assert.equal(made.body.startTime, new Date(insideLeadTime).toISOString());
    phoneBooking = made.body._id;

    const online = await publicBooking({ startTimeISO: at("11-27", 9), email: "online@example.com" });
    assert.equal(online.status, 201);
    for (const total of ["baseAmount", "extrasAmount", "firstServiceTotal", "recurringTotal", "discountPercent"]) {
      assert.equal(made.body[total], online.body[total], total);
    }
    assert.equal(made.body.endTime.slice(11), online.body.endTime.slice(11), "the same job length");
    assert.deepEqual(made.body.extras, online.body.extras);
    assert.deepEqual(made.body.answers, online.body.answers);
  });

  await t.step("the customer gets the booking e-mail with its .ics; the office is not notified; audited", async () => {
    const mail = await outbox(db, phoneBooking);
    assert.deepEqual(mail.map((m) => [m.kind, m.to_address]), [["booking-confirmation", "ada@example.com"]]);
    assert.match(mail[0].subject, /^Booking made — Hourly Cleaning, /);
    assert.equal(mail[0].attachments[0].filename, "booking.ics");
    assert.match(mail[0].attachments[0].content, new RegExp(`UID:${phoneBooking}@`));
    const [entry] = await audits(db, phoneBooking, "booking.create_by_staff");
    assert.equal(entry.admin_email, admin.admin.email);
    assert.equal(entry.before, null);
    assert.equal(entry.after.notifyCustomer, true);
    assert.equal(entry.after.reference !== undefined, true);
    assert.equal(entry.after.overrideCapacity, undefined);
  });

  await t.step("notifyCustomer: false writes the booking and its audit row, and no e-mail at all", async () => {
    const made = await make({ ...oneOff({ startTimeISO: at("11-23", 9), email: "quiet@example.com" }), notifyCustomer: false });
    assert.equal(made.status, 201);
    assert.deepEqual(await outbox(db, made.body._id), []);
    assert.equal((await audits(db, made.body._id, "booking.create_by_staff"))[0].after.notifyCustomer, false);
  });

  await t.step("never in the past: 422 on startTimeISO, nothing stored", async () => {
    const before = (await db.sql`select id from bookings`).length;
    const refused = await make(oneOff({ startTimeISO: "2026-11-21T09:00:00+11:00" }));
    assert.equal(refused.status, 422);
    assert.deepEqual(refused.body.fieldErrors, { startTimeISO: [START_TIME_PAST_MESSAGE] });
    assert.equal((await db.sql`select id from bookings`).length, before);
  });

  await t.step("the draft's own rules and messages: a bad e-mail; a postcode outside the service area", async () => {
    const badEmail = await make(oneOff({ startTimeISO: at("11-25", 9), email: "nope" }));
    assert.equal(badEmail.status, 422);
    assert.deepEqual(badEmail.body.fieldErrors, { email: ["Please enter a valid email address."] });
    const farAway = await make(oneOff({ startTimeISO: at("11-25", 9), address: { street: "1 Far Rd", suburb: "Bendigo", state: "VIC", postCode: "3550" } }));
    assert.equal(farAway.status, 422);
    assert.deepEqual(Object.keys(farAway.body.fieldErrors), ["address.postCode"]);
  });

  await t.step("a full time: 409 SLOT_UNAVAILABLE; an admin may not override (403); a superadmin may, audited", async () => {
    // Wednesday 25 Nov, also inside the lead time: Carl takes its 9 am place first.
    assert.equal((await make(oneOff({ startTimeISO: at("11-25", 9), firstName: "Carl", email: "carl@example.com" }))).status, 201);
    const second = oneOff({ startTimeISO: at("11-25", 9), firstName: "Bob", email: "bob@example.com" });
    assert.deepEqual(await make(second), { status: 409, body: { error: SLOT_TAKEN, code: "SLOT_UNAVAILABLE" } });
    const forbidden = await make({ ...second, overrideCapacity: true });
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.body.code, "FORBIDDEN");
    const forced = await make({ ...second, overrideCapacity: true }, root.headers);
    assert.equal(forced.status, 201);
    const [entry] = await audits(db, forced.body._id, "booking.create_by_staff");
    assert.equal(entry.admin_email, root.admin.email);
    assert.equal(entry.after.overrideCapacity, true);
  });

  await t.step("preview: the record before and after, and nothing written", async () => {
    const [mailBefore, auditBefore] = [(await outbox(db, phoneBooking)).length, (await audits(db, phoneBooking, "booking.edit")).length];
    const previewed = await edit(phoneBooking, { hours: 4, preview: true });
    assert.equal(previewed.status, 200, JSON.stringify(previewed.body));
    assert.equal(previewed.body.priceChanged, true);
    assert.equal(previewed.body.before.hours, 3);
    assert.equal(previewed.body.after.hours, 4);
    assert.equal(previewed.body.before.baseAmount, 165);
    assert.equal(previewed.body.after.baseAmount, 220);
    assert.equal(
      new Date(previewed.body.after.endTime).getTime() - new Date(previewed.body.before.endTime).getTime(),
      60 * 60_000,
      "one more hour of work",
    );
    const stored = await row(db, phoneBooking);
    assert.equal(Number(stored.hours), 3);
    assert.equal(Number(stored.base_amount), 165);
    assert.equal(stored.calendar_sequence, 0);
    assert.equal((await outbox(db, phoneBooking)).length, mailBefore);
    assert.equal((await audits(db, phoneBooking, "booking.edit")).length, auditBefore);
  });

  await t.step("after a catalogue price change: a notes edit keeps the price; a size change re-prices from the catalogue as it is now", async () => {
    const priced = await call("PUT", `/api/admin/services/${DEMO_SERVICE_IDS.hourly}`, { ratePerHour: 70 });
    assert.equal(priced.status, 200, JSON.stringify(priced.body));

    const noted = await edit(phoneBooking, { notes: "Ring the bell twice.", notifyCustomer: false });
    assert.equal(noted.status, 200);
    assert.equal(noted.body.notes, "Ring the bell twice.");
    assert.equal(noted.body.baseAmount, 165);
    assert.deepEqual((await audits(db, phoneBooking, "booking.edit")).at(-1), {
      admin_email: admin.admin.email,
      before: { notes: "Side gate is unlocked." },
      after: { notes: "Ring the bell twice.", notifyCustomer: false },
    });

    const previewed = await edit(phoneBooking, { hours: 4, preview: true });
    assert.equal(previewed.body.after.baseAmount, 280);
    const resized = await edit(phoneBooking, { hours: 4 });
    assert.equal(resized.status, 200, JSON.stringify(resized.body));
    assert.equal(resized.body.hours, 4);
    assert.equal(resized.body.baseAmount, 280);
    assert.equal(resized.body.firstServiceTotal, 280 + resized.body.extrasAmount);
    assert.equal(resized.body.calendarSequence, 2, "each change of a booking raises the SEQUENCE");
    const entry = (await audits(db, phoneBooking, "booking.edit")).at(-1)!;
    assert.equal(entry.before!.hours, 3);
    assert.equal(entry.after.hours, 4);
    assert.equal(entry.before!.baseAmount, 165);
    assert.equal(entry.after.baseAmount, 280);
    assert.equal(entry.before!.endTime !== undefined && entry.after.endTime !== undefined, true);
    assert.equal(entry.before!.notes, undefined, "only the changed fields");
    const mail = (await outbox(db, phoneBooking)).at(-1)!;
    assert.equal(mail.kind, "booking-updated");
    assert.match(mail.attachments[0].content, /SEQUENCE:2/);
    assert.match(mail.attachments[0].content, new RegExp(`UID:${phoneBooking}@`));
  });

  await t.step("an edit that changes nothing writes nothing", async () => {
    const auditBefore = (await audits(db, phoneBooking, "booking.edit")).length;
    const same = await edit(phoneBooking, { hours: 4, firstName: "Ada" });
    assert.equal(same.status, 200);
    assert.equal(same.body.calendarSequence, 2);
    assert.equal((await audits(db, phoneBooking, "booking.edit")).length, auditBefore);
  });

  await t.step("the office's own notes: stored, audited, in the CSV; the customer is not e-mailed and their calendar stays", async () => {
    const mailBefore = (await outbox(db, phoneBooking)).length;
    const sequence = (await row(db, phoneBooking)).calendar_sequence;
    const noted = await edit(phoneBooking, { officeNotes: "  Bring the tall ladder for the skylights  " });
    assert.equal(noted.status, 200, JSON.stringify(noted.body));
    assert.equal(noted.body.officeNotes, "Bring the tall ladder for the skylights");
    assert.equal(noted.body.calendarSequence, sequence, "nothing the customer's calendar holds changed");
    assert.equal((await outbox(db, phoneBooking)).length, mailBefore, "nothing the customer sees changed");
    const entry = (await audits(db, phoneBooking, "booking.edit")).at(-1)!;
    assert.deepEqual([entry.before, entry.after.officeNotes], [{ officeNotes: "" }, "Bring the tall ladder for the skylights"]);
    assert.equal((await call("GET", `/api/admin/bookings/${phoneBooking}`, undefined)).body.officeNotes, "Bring the tall ladder for the skylights");

    const csv = await (await app.request(new Request("http://localhost/api/admin/bookings.csv", { headers: admin.headers }))).text();
    const [header, ...lines] = csv.replace(/^\uFEFF/, "").split("\r\n");
    const column = header.split(",").indexOf("officeNotes");
    assert.ok(column > 0, header);
    assert.ok(lines.some((line) => line.includes("Bring the tall ladder for the skylights")));

    const tooLong = await edit(phoneBooking, { officeNotes: "x".repeat(2001) });
    assert.equal(tooLong.status, 422);
    assert.deepEqual(tooLong.body.fieldErrors, { officeNotes: ["Please keep the office notes under 2,000 characters."] });

    // Beside a change the customer sees, they are told of that change only.
    const both = await edit(phoneBooking, { officeNotes: "", notes: "Gate code 4321" });
    assert.equal(both.status, 200);
    assert.equal(both.body.officeNotes, "");
    const mail = (await outbox(db, phoneBooking)).at(-1)!;
    assert.equal(mail.kind, "booking-updated");
    assert.equal(JSON.stringify(mail).includes("ladder"), false);
  });

  await t.step("a booking the office makes may carry its notes from the start; the public form cannot set them", async () => {
    const made = await make({ ...oneOff({ startTimeISO: at("12-14", 9), email: "noted@example.com" }), officeNotes: "Cash on the day" });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.equal(made.body.officeNotes, "Cash on the day");
    const online = await publicBooking({ startTimeISO: at("12-15", 9), email: "sneaky@example.com", officeNotes: "VIP, no charge" });
    assert.equal(online.status, 201);
    assert.equal("officeNotes" in online.body, false, "the customer's answer does not name the office's field");
    const stored = await call("GET", `/api/admin/bookings/${online.body._id}`, undefined);
    assert.equal(stored.body.officeNotes, "", "the public form cannot set it");
  });

  let monday = "";
  let tuesday = "";
  await t.step("a time change runs the capacity rule, leaving the booking itself out", async () => {
    monday = (await make(oneOff({ startTimeISO: at("11-30", 9), email: "mon@example.com" }))).body._id;
    tuesday = (await make(oneOff({ startTimeISO: at("12-01", 9), email: "tue@example.com" }))).body._id;
    assert.deepEqual(await edit(tuesday, { startTimeISO: at("11-30", 10) }), { status: 409, body: { error: SLOT_TAKEN, code: "SLOT_UNAVAILABLE" } });
    assert.equal((await row(db, tuesday)).start_time.toISOString(), new Date(at("12-01", 9)).toISOString());
    // An hour later on its own day overlaps only itself.
    await db.sql`update bookings set reminder_sent_at = ${NOW} where id = ${tuesday}`;
    const moved = await edit(tuesday, { startTimeISO: at("12-01", 10) });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal(moved.body.startTime, new Date(at("12-01", 10)).toISOString());
    const stored = await row(db, tuesday);
    assert.equal(stored.reminder_sent_at, null, "the reminder is due again");
    assert.equal(stored.calendar_sequence, 1);
    const mail = (await outbox(db, tuesday)).at(-1)!;
    assert.equal(mail.kind, "booking-rescheduled");
    assert.match(mail.subject, /^Booking moved — /);
    assert.match(mail.attachments[0].content, /SEQUENCE:1/);
    const entry = (await audits(db, tuesday, "booking.edit")).at(-1)!;
    assert.deepEqual(Object.keys(entry.before!).sort(), ["endTime", "startTime"]);
  });

  await t.step("a time change checks the assigned cleaners: 409 CLEANER_BUSY, even past a superadmin's capacity override", async () => {
    const priya = DEMO_CLEANERS[0]._id;
    for (const id of [monday, tuesday]) {
      await db.sql`insert into booking_cleaners (booking_id, cleaner_id, position) values (${id}, ${priya}, 0)`;
    }
    const busy = await edit(tuesday, { startTimeISO: at("11-30", 10), overrideCapacity: true }, root.headers);
    assert.equal(busy.status, 409, JSON.stringify(busy.body));
    assert.equal(busy.body.code, "CLEANER_BUSY");
    assert.equal((await row(db, tuesday)).start_time.toISOString(), new Date(at("12-01", 10)).toISOString());
    // A day Priya has no other job: free.
    const later = await edit(tuesday, { startTimeISO: at("12-02", 9), notifyCustomer: false });
    assert.equal(later.status, 200, JSON.stringify(later.body));
    assert.deepEqual(later.body.cleanerIds, [priya]);
  });

  await t.step("two edits racing on two API instances for one free place: exactly one wins", async () => {
    const one = (await make(oneOff({ startTimeISO: at("12-07", 9), email: "race1@example.com" }))).body._id;
    const two = (await make(oneOff({ startTimeISO: at("12-08", 9), email: "race2@example.com" }))).body._id;
    const other = await db.openAnother();
    try {
      const second = buildTestApp(other, { clock: fixedClock });
      const target = { startTimeISO: at("12-09", 9), notifyCustomer: false };
      const answers = await Promise.all([
        app.request(send("PATCH", `/api/admin/bookings/${one}`, target, admin.headers)),
        second.request(send("PATCH", `/api/admin/bookings/${two}`, target, admin.headers)),
      ]);
      assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 409]);
      const held = await db.sql`select id from bookings where start_time = ${new Date(target.startTimeISO)}`;
      assert.equal(held.length, 1);
    } finally {
      await other.close();
    }
  });

  await t.step("an admin may not override capacity on an edit either", async () => {
    const refused = await edit(tuesday, { startTimeISO: at("11-30", 9), overrideCapacity: true });
    assert.equal(refused.status, 403);
  });

  let quote = "";
  await t.step("a quote: its time moves without a capacity check; its size may not change", async () => {
    const asked = await app.request(post("/api/quotes", oneOff({ startTimeISO: at("12-03", 9), email: "quote@example.com" })));
    assert.equal(asked.status, 201);
    quote = (await asked.json())._id;
    const sized = await edit(quote, { hours: 5 });
    assert.equal(sized.status, 409);
    assert.deepEqual(sized.body, { error: STAFF_BOOKING_ERRORS.quoteChange.message, code: "QUOTE_CHANGE_NOT_ALLOWED" });
    // Monday 9:00 is full; a quote holds no place, so it may ask for it.
    const moved = await edit(quote, { startTimeISO: at("11-30", 9) });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal((await outbox(db, quote)).at(-1)!.kind, "quote-updated");
    assert.equal((await outbox(db, quote)).at(-1)!.attachments.length, 0);
  });

  await t.step("convert: a full time is refused; at a free time the quote becomes a PENDING booking, e-mailed and audited", async () => {
    assert.deepEqual(await convert(quote, {}), { status: 409, body: { error: SLOT_TAKEN, code: "SLOT_UNAVAILABLE" } });
    assert.equal((await row(db, quote)).type, "QUOTE");
    assert.equal((await edit(quote, { startTimeISO: at("12-03", 9), notifyCustomer: false })).status, 200);
    const converted = await convert(quote, {});
    assert.equal(converted.status, 200, JSON.stringify(converted.body));
    assert.equal(converted.body.type, "BOOKING");
    assert.equal(converted.body.status, "PENDING");
    const mail = (await outbox(db, quote)).at(-1)!;
    assert.equal(mail.kind, "booking-confirmation");
    assert.match(mail.subject, /^Your quote is now a booking — /);
    assert.equal(mail.attachments[0].filename, "booking.ics");
    assert.deepEqual((await audits(db, quote, "booking.convert")).map((a) => [a.before, a.after]), [
      [{ type: "QUOTE", status: "QUOTE_REQUESTED" }, { type: "BOOKING", status: "PENDING", notifyCustomer: true }],
    ]);
    const again = await convert(quote, {});
    assert.equal(again.status, 409);
    assert.equal(again.body.code, "NOT_A_QUOTE");
  });

  await t.step("convert with no body takes the defaults; notifyCustomer: false sends nothing", async () => {
    const ask = async (day: string, email: string) =>
      (await (await app.request(post("/api/quotes", oneOff({ startTimeISO: at(day, 9), email })))).json())._id as string;
    // Not a Friday: the weekly booking of 27 Nov planned its Friday visits with it (issue 28).
    const plain = await ask("12-22", "plain@example.com");
    const response = await app.request(new Request(`http://localhost/api/admin/bookings/${plain}/convert`, { method: "POST", headers: admin.headers }));
    assert.equal(response.status, 200, await response.clone().text());
    assert.equal((await response.json()).type, "BOOKING");
    assert.equal((await outbox(db, plain)).at(-1)!.kind, "booking-confirmation");

    const quiet = await ask("12-23", "hush@example.com");
    const mailBefore = (await outbox(db, quiet)).length;
    assert.equal((await convert(quiet, { notifyCustomer: false })).status, 200);
    assert.equal((await outbox(db, quiet)).length, mailBefore);
  });

  await t.step("a quote whose time has passed is not converted until its time changes", async () => {
    const asked = await app.request(post("/api/quotes", oneOff({ startTimeISO: at("11-28", 9), email: "late@example.com" })));
    const late = (await asked.json())._id;
    const afterwards = new Date("2026-11-29T00:00:00Z");
    const laterApp = buildTestApp(db, { clock: { now: () => afterwards } });
    const session = await adminSession(db, "admin", undefined, afterwards);
    const refused = await json(await laterApp.request(send("POST", `/api/admin/bookings/${late}/convert`, {}, session.headers)));
    assert.equal(refused.status, 422);
    assert.deepEqual(refused.body.fieldErrors, { startTimeISO: [START_TIME_PAST_MESSAGE] });
    assert.equal((await row(db, late)).type, "QUOTE");
  });

  await t.step("issue 28: the office books quarter hours, and outside the working hours when it ticks allowOutsideHours (audited)", async () => {
    const outsideMessage = "Please choose a start time on the quarter hour between 8:00 and 16:00, or tick “Outside working hours”.";
    const halfPast = "2026-12-10T10:30:00+11:00";
    const online = await publicBooking({ startTimeISO: halfPast, email: "half@example.com" });
    assert.equal(online.status, 422);
    assert.deepEqual(online.body.fieldErrors.startTimeISO, ["Please choose a start time on the hour between 8:00 and 16:00."]);
    const made = await make(oneOff({ startTimeISO: halfPast, email: "half@example.com" }));
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.equal(made.body.startTime, new Date(halfPast).toISOString());
    assert.equal((await audits(db, made.body._id, "booking.create_by_staff"))[0].after.allowOutsideHours, undefined);

    const oddMinute = await make(oneOff({ startTimeISO: "2026-12-10T10:07:00+11:00", email: "odd@example.com" }));
    assert.equal(oddMinute.status, 422);
    assert.deepEqual(oddMinute.body.fieldErrors.startTimeISO, [outsideMessage]);

    const evening = at("12-11", 18);
    const refused = await make(oneOff({ startTimeISO: evening, email: "school@example.com" }));
    assert.equal(refused.status, 422);
    assert.deepEqual(refused.body.fieldErrors, { startTimeISO: [outsideMessage] });
    const school = await make({ ...oneOff({ startTimeISO: evening, email: "school@example.com" }), allowOutsideHours: true });
    assert.equal(school.status, 201, JSON.stringify(school.body));
    assert.equal(school.body.startTime, new Date(evening).toISOString());
    const [created] = await audits(db, school.body._id, "booking.create_by_staff");
    assert.equal(created.after.allowOutsideHours, true);

    // A move to a closed weekday: refused without the tick, recorded with it.
    const sunday = at("12-13", 9);
    const closedDay = await edit(made.body._id, { startTimeISO: sunday, notifyCustomer: false });
    assert.equal(closedDay.status, 422);
    assert.deepEqual(closedDay.body.fieldErrors.startTimeISO, ["We’re closed on Sundays. Please choose another day, or tick “Outside working hours”."]);
    const moved = await edit(made.body._id, { startTimeISO: sunday, notifyCustomer: false, allowOutsideHours: true });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal(moved.body.startTime, new Date(sunday).toISOString());
    const [edited] = await audits(db, made.body._id, "booking.edit");
    assert.equal(edited.after.allowOutsideHours, true);

    // A date the office itself closed still refuses, tick or not.
    const closing = await call("POST", "/api/admin/closed-dates", { date: "2026-12-16", label: "Staff day" });
    assert.ok(closing.status < 300, JSON.stringify(closing.body));
    const closedDate = await make({ ...oneOff({ startTimeISO: at("12-16", 18), email: "closed@example.com" }), allowOutsideHours: true });
    assert.equal(closedDate.status, 422);
    assert.deepEqual(closedDate.body.fieldErrors.startTimeISO, ["We’re closed on Wednesday 16 December 2026 (Staff day). Please choose another day."]);

    const notBoolean = await make({ ...oneOff({ startTimeISO: evening }), allowOutsideHours: "yes" });
    assert.equal(notBoolean.status, 422);
    assert.deepEqual(notBoolean.body.fieldErrors.allowOutsideHours, ["allowOutsideHours must be true or false."]);
  });
  await t.step("a deleted service: a re-price is refused with 409 SERVICE_DELETED; other changes still go through", async () => {
    assert.equal((await call("DELETE", `/api/admin/services/${DEMO_SERVICE_IDS.hourly}`, {})).status, 200);
    const refused = await edit(phoneBooking, { hours: 5 });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.code, "SERVICE_DELETED");
    const phoned = await edit(phoneBooking, { phone: "0499 111 222", notifyCustomer: false });
    assert.equal(phoned.status, 200);
    assert.equal(phoned.body.phone, "0499111222");
  });

  await t.step("a cancelled booking is not edited; an unknown id is 404", async () => {
    assert.equal((await call("PATCH", `/api/admin/bookings/${monday}/status`, { status: "CANCELLED" })).status, 200);
    const refused = await edit(monday, { notes: "Too late" });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.code, "BOOKING_NOT_EDITABLE");
    assert.equal((await edit(crypto.randomUUID(), { notes: "x" })).status, 404);
    assert.equal((await convert(crypto.randomUUID(), {})).status, 404);
  });

  await t.step("an edit's fields get the public form's messages", async () => {
    const refused = await edit(tuesday, { email: "nope", startTimeISO: "tomorrow" });
    assert.equal(refused.status, 422);
    assert.deepEqual(Object.keys(refused.body.fieldErrors).sort(), ["email", "startTimeISO"]);
  });

  /**
   * Issue 34: a phone booking made CONFIRMED. The hourly service was deleted above, so these use
   * the Office Clean (no add-ons; the global question answered as the draft does), on Monday 21 Dec, which no other step uses.
   */
  const officeClean = (overrides: Body = {}) =>
    oneOff({ serviceId: DEMO_SERVICE_IDS.office, hours: 3, extras: [], ...overrides });

  await t.step("issue 34: status CONFIRMED is stored, holds the place, sends one e-mail saying so, and is audited", async () => {
    const made = await make({ ...officeClean({ startTimeISO: at("12-21", 9), email: "agreed@example.com" }), status: "CONFIRMED" });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.equal(made.body.status, "CONFIRMED");
    assert.equal((await row(db, made.body._id)).status, "CONFIRMED");

    const mail = await outbox(db, made.body._id);
    assert.equal(mail.length, 1, "one e-mail, not a request then a confirmation");
    assert.deepEqual([mail[0].kind, mail[0].to_address], ["booking-confirmation", "agreed@example.com"]);
    assert.match(mail[0].subject, /^Booking confirmed — Office Clean, Mon 21 Dec 2026, 9:00 am \(YS-/);
    const [text] = await db.sql<{ text_body: string }[]>`select text_body from email_outbox where related_id = ${made.body._id}`;
    assert.match(text.text_body, /Good news: your booking with .+ is confirmed\. As arranged with you, we have booked Office Clean/);
    assert.doesNotMatch(text.text_body, /We'll confirm the booking/);
    assert.match(mail[0].attachments[0].content, /STATUS:CONFIRMED/);

    const [entry] = await audits(db, made.body._id, "booking.create_by_staff");
    assert.equal(entry.after.status, "CONFIRMED");
    assert.equal(entry.after.notifyCustomer, true);

    // A confirmed booking holds its place as a pending one does.
    const second = await make(officeClean({ startTimeISO: at("12-21", 9), email: "late-caller@example.com" }));
    assert.deepEqual(second, { status: 409, body: { error: SLOT_TAKEN, code: "SLOT_UNAVAILABLE" } });

    // Confirming it again through the status call sends nothing more.
    assert.equal((await call("PATCH", `/api/admin/bookings/${made.body._id}/status`, { status: "CONFIRMED" })).status, 200);
    assert.equal((await outbox(db, made.body._id)).length, 1);
  });

  await t.step("issue 34: without a status the booking is PENDING (audited so); any other status is a 422, nothing stored", async () => {
    const pending = await make({ ...officeClean({ startTimeISO: at("12-21", 13), email: "maybe@example.com" }), notifyCustomer: false });
    assert.equal(pending.status, 201, JSON.stringify(pending.body));
    assert.equal(pending.body.status, "PENDING");
    assert.equal((await audits(db, pending.body._id, "booking.create_by_staff"))[0].after.status, "PENDING");

    const before = (await db.sql`select id from bookings`).length;
    for (const status of ["DONE", "CANCELLED", "confirmed", 1]) {
      const refused = await make({ ...officeClean({ startTimeISO: at("12-21", 15), email: "bad@example.com" }), status });
      assert.equal(refused.status, 422, String(status));
      assert.deepEqual(refused.body.fieldErrors.status, ["status must be PENDING or CONFIRMED."]);
    }
    assert.equal((await db.sql`select id from bookings`).length, before);
  });

});
