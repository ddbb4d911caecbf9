import assert from "node:assert/strict";
import { awayFromWindowEdge, buildTestApp, describeApi, json } from "./test-app.ts";
import {
  accessQuestion,
  draft,
  fixedClock,
  FRIDAY_9AM,
  plainExtra,
  post,
  quantityExtra,
} from "./test-fixtures.ts";
import { DEMO_SERVICE_IDS, DEMO_SERVICES } from "../adapters/postgres/demo-data.ts";
import { seedDemoData } from "../adapters/postgres/seed.ts";
import { describeOnTargets, POSTGRES_TARGET, type TestDatabase } from "../adapters/postgres/test-db.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import { SCHEDULING_DEFAULTS } from "../core/settings/types.ts";
import { requestHash } from "./middleware/idempotency.ts";

const hourly = DEMO_SERVICES.find((s) => s._id === DEMO_SERVICE_IDS.hourly)!;
const count = async (db: TestDatabase, table: string) =>
  (await db.sql.unsafe(`select count(*)::int as n from ${table}`))[0].n as number;

/** The bookings and quotes customers made: a weekly booking's later visits (issue 28) are its series'. */
const MADE = "bookings b where b.series_id is null or b.id in (select first_booking_id from booking_series)";

describeApi("POST /api/bookings", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: fixedClock });

  await t.step("creates a PENDING booking priced by the server, with snapshots", async () => {
    const { status, body } = await json(await app.request(post("/api/bookings", draft({
      baseAmount: 1, firstServiceTotal: 1, recurringTotal: 1, // client totals are ignored
    }))));
    assert.equal(status, 201);
    assert.equal(body.type, "BOOKING");
    assert.equal(body.status, "PENDING");
    assert.equal(body.paymentStatus, "UNPAID");
    assert.equal(body.phone, "0412345678");
    assert.equal(body.serviceName, hourly.name);
    assert.equal(body.startTime, "2026-11-26T22:00:00.000Z");
    // 3 hours, plus each add-on's minutes (the quantity counts only for one sold by the unit).
    const addedMinutes = 2 * quantityExtra.durationMinutes + plainExtra.durationMinutes;
    assert.equal(body.endTime, new Date(Date.parse("2026-11-27T01:00:00.000Z") + addedMinutes * 60_000).toISOString());
    const base = 3 * hourly.ratePerHour;
    const extras = 2 * quantityExtra.price + plainExtra.price; // quantity counts only with hasQuantity
    assert.equal(body.baseAmount, base);
    assert.equal(body.extrasAmount, extras);
    assert.equal(body.firstServiceTotal, base + extras);
    assert.equal(body.recurringTotal, Math.round((base + extras) * 85) / 100);
    assert.equal(body.discountPercent, 15);
    assert.deepEqual(body.extras.map((e: { quantity: number }) => e.quantity), [2, 1]);
    assert.equal(body.answers[0].label, accessQuestion.text);
    // The option's label, as the customer chose it, for the e-mails and the staff screens.
    const chosen = accessQuestion.options.find((o) => o.value === body.answers[0].value);
    assert.equal(body.answers[0].displayValue, chosen?.label);
  });

  await t.step("writes the confirmation (with its .ics) and the business notification", async () => {
    const rows = await db.sql<
      { kind: string; to_address: string; reply_to: string | null; attachments: { filename: string }[] }[]
    >`select kind, to_address, reply_to, attachments from email_outbox order by kind`;
    assert.deepEqual(rows.map((r) => r.kind).sort(), ["booking-confirmation", "booking-notification"]);
    const confirmation = rows.find((r) => r.kind === "booking-confirmation")!;
    assert.equal(confirmation.to_address, "ada@example.com");
    assert.ok(confirmation.attachments.some((a) => a.filename.endsWith(".ics")));
    const notification = rows.find((r) => r.kind === "booking-notification")!;
    assert.equal(notification.reply_to, "ada@example.com", "staff reply straight to the customer");
  });

  await t.step("a second booking inside the buffer is a 409 with the spec's text", async () => {
    const { status, body } = await json(await app.request(post("/api/bookings", draft({
      startTimeISO: "2026-11-27T10:00:00+11:00",
    }))));
    assert.equal(status, 409);
    assert.deepEqual(body, { error: "That time isn’t available. Please choose another.", code: "SLOT_UNAVAILABLE" });
    assert.equal(await count(db, MADE), 1);
    assert.equal(await count(db, "email_outbox"), 2, "no e-mail for a refused booking");
  });

  await t.step("overlapping the first visit (9:00 to 13:15) is a 409 too, even past the buffer (issue 14)", async () => {
    const overlapping = await app.request(post("/api/bookings", draft({ startTimeISO: "2026-11-27T11:00:00+11:00" })));
    assert.equal(overlapping.status, 409);
  });

  await t.step("outside the buffer and after the first visit, or with enforcement off, it goes through", async () => {
    const later = await app.request(post("/api/bookings", draft({ startTimeISO: "2026-11-27T14:00:00+11:00", hours: 2, extras: [] })));
    assert.equal(later.status, 201);
    await makeSettingsStore(db.sql).saveScheduling({ ...SCHEDULING_DEFAULTS, enforceBuffer: false });
    const same = await app.request(post("/api/bookings", draft()));
    assert.equal(same.status, 201);
    await makeSettingsStore(db.sql).saveScheduling(SCHEDULING_DEFAULTS);
  });

  await t.step("scheduling rules are enforced with clear messages", async () => {
    const cases: [string, string][] = [
      ["2026-11-29T09:00:00+11:00", "We’re closed on Sundays. Please choose another day."],
      ["2026-11-25T09:00:00+11:00", "The earliest date we can book is Thursday 26 November 2026."],
      ["2026-11-27T09:30:00+11:00", "Please choose a start time on the hour between 8:00 and 16:00."],
      ["2026-11-27T17:00:00+11:00", "Please choose a start time on the hour between 8:00 and 16:00."],
      ["2026-11-20T09:00:00+11:00", "Please choose a time from today onward."],
      ["27/11/2026 9am", "That date and time doesn’t look right."],
    ];
    for (const [startTimeISO, message] of cases) {
      const { status, body } = await json(await app.request(post("/api/bookings", draft({ startTimeISO }))));
      assert.equal(status, 422, startTimeISO);
      assert.deepEqual(body.fieldErrors, { startTimeISO: [message] }, startTimeISO);
    }
  });

  await t.step("unknown catalogue ids and bad answers are 422s, never zero", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ serviceId: crypto.randomUUID() }, "serviceId"],
      [{ extras: [{ extraId: crypto.randomUUID(), quantity: 1 }] }, "extras.0.extraId"],
      [{ hours: 99 }, "hours"],
      [{ frequencyCode: "DAILY" }, "frequencyCode"],
      [{ serviceId: DEMO_SERVICE_IDS.regular, bedrooms: 42, hours: undefined }, "bedrooms"],
      [{ answers: [] }, `answers.${accessQuestion._id}`],
      [{ answers: [{ questionId: accessQuestion._id, value: "teleport" }] }, `answers.${accessQuestion._id}`],
    ];
    for (const [overrides, field] of cases) {
      const { status, body } = await json(await app.request(post("/api/bookings", draft(overrides))));
      assert.equal(status, 422, JSON.stringify(overrides));
      assert.ok(body.fieldErrors[field], `${field} in ${JSON.stringify(body.fieldErrors)}`);
    }
  });

  await t.step("every message of the spec's table comes back keyed by field path", async () => {
    const { status, body } = await json(await app.request(post("/api/bookings", {
      firstName: " A ", lastName: "", email: "ada@", phone: "12345",
      address: { street: "", suburb: "", state: "XX", postCode: "30650" },
      servicePricingModel: "HOURLY", startTimeISO: "", frequencyCode: "",
    })));
    assert.equal(status, 422);
    assert.equal(body.error, "Please fix the highlighted fields, then try again.");
    assert.deepEqual(body.fieldErrors, {
      firstName: ["Please enter your first name."],
      lastName: ["Please enter your last name."],
      email: ["Please enter a valid email address."],
      phone: ["Please enter a valid Australian phone number (e.g. 0412 345 678)."],
      "address.street": ["Please enter your street address."],
      "address.suburb": ["Please enter your suburb."],
      "address.state": ["Please choose a valid state."],
      "address.postCode": ["Please enter a 4-digit postcode."],
      serviceId: ["Please choose a service."],
      hours: ["Please choose the hours for this service."],
      startTimeISO: ["Please select a date and start time."],
      frequencyCode: ["Please choose how often you’d like the service."],
    });
  });
});

describeApi("POST /api/quotes", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: fixedClock });
  await t.step("a quote is QUOTE / QUOTE_REQUESTED and reserves no place", async () => {
    const quote = await json(await app.request(post("/api/quotes", draft())));
    assert.equal(quote.status, 201);
    assert.equal(quote.body.type, "QUOTE");
    assert.equal(quote.body.status, "QUOTE_REQUESTED");
    const second = await app.request(post("/api/quotes", draft()));
    assert.equal(second.status, 201, "quotes never meet the capacity rule");
    const booking = await app.request(post("/api/bookings", draft()));
    assert.equal(booking.status, 201, "a quote holds no place");
    const kinds = (await db.sql<{ kind: string }[]>`select kind from email_outbox`).map((r) => r.kind);
    assert.equal(kinds.filter((k) => k === "quote-confirmation").length, 2);
    assert.equal(kinds.filter((k) => k === "quote-notification").length, 2);
  });
  await t.step("quotes are validated like bookings", async () => {
    const { status, body } = await json(await app.request(post("/api/quotes", draft({ email: "nope" }))));
    assert.equal(status, 422);
    assert.deepEqual(body.fieldErrors, { email: ["Please enter a valid email address."] });
  });
});

describeApi("POST /api/availability/check", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: fixedClock });
  const check = async (body: unknown) => await json(await app.request(post("/api/availability/check", body)));
  await t.step("a free slot is available; durationHours defaults to 2", async () => {
    const { status, body } = await check({ startTimeISO: FRIDAY_9AM });
    assert.equal(status, 200);
    assert.equal(body.available, true);
    assert.equal(body.durationHours, 2);
  });
  await t.step("a full slot is not, with the spec's text", async () => {
    assert.equal((await app.request(post("/api/bookings", draft()))).status, 201);
    const { body } = await check({ startTimeISO: "2026-11-27T10:00:00+11:00", durationHours: 3 });
    assert.equal(body.available, false);
    assert.equal(body.reason, "That time isn’t available. Please choose another.");
    assert.equal(body.code, "SLOT_UNAVAILABLE");
  });
  await t.step("times the business never takes are not available, and say why", async () => {
    const { body } = await check({ startTimeISO: "2026-11-29T09:00:00+11:00" });
    assert.equal(body.available, false);
    assert.equal(body.code, "OUTSIDE_BOOKING_HOURS");
  });
  await t.step("missing, malformed or out-of-range input is a 422", async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { startTimeISO: ["Please pick a date and a time slot."] }],
      [{ startTimeISO: "soon" }, { startTimeISO: ["That date and time doesn’t look right."] }],
      [{ startTimeISO: FRIDAY_9AM, durationHours: 0 }, { durationHours: ["Duration must be between 0.5 and 24 hours."] }],
      [{ startTimeISO: FRIDAY_9AM, durationHours: "2" }, { durationHours: ["Duration must be between 0.5 and 24 hours."] }],
    ];
    for (const [input, fieldErrors] of cases) {
      const { status, body } = await check(input);
      assert.equal(status, 422, JSON.stringify(input));
      assert.deepEqual(body.fieldErrors, fieldErrors, JSON.stringify(input));
    }
  });
});

describeApi("POST /api/inquiries", async (t, app, db) => {
  const inquiry = {
    inquiryType: "OFFICE", firstName: "Grace", lastName: "Hopper", email: "grace@navy.example",
    phone: "03 9123 4567", suburb: "Richmond", message: "Weekly office clean, 300 m².",
  };
  await t.step("stores it and notifies the business", async () => {
    const { status, body } = await json(await app.request(post("/api/inquiries", inquiry)));
    assert.equal(status, 201);
    assert.equal(body.inquiryType, "OFFICE");
    assert.equal(body.message, inquiry.message);
    assert.equal("adminNotes" in body, false);
    const [mail] = await db.sql`select kind from email_outbox`;
    assert.equal(mail.kind, "inquiry-notification");
  });
  await t.step("inquiryText is an alias of message; INDUSTRIAL of INDUSTRIAL_WAREHOUSE; type defaults to OFFICE", async () => {
    const { message: _, ...rest } = inquiry;
    const aliased = await json(await app.request(post("/api/inquiries", { ...rest, inquiryType: "INDUSTRIAL", inquiryText: "Warehouse" })));
    assert.equal(aliased.status, 201);
    assert.equal(aliased.body.inquiryType, "INDUSTRIAL_WAREHOUSE");
    assert.equal(aliased.body.message, "Warehouse");
    const { inquiryType: __, ...untyped } = inquiry;
    assert.equal((await json(await app.request(post("/api/inquiries", untyped)))).body.inquiryType, "OFFICE");
  });
  await t.step("every field is required; the email must look like x@y.z; six types only", async () => {
    const { status, body } = await json(await app.request(post("/api/inquiries", {
      inquiryType: "CASINO", firstName: "", lastName: " ", email: "a@b", phone: "", suburb: "", message: "",
    })));
    assert.equal(status, 422);
    assert.deepEqual(Object.keys(body.fieldErrors).sort(),
      ["email", "firstName", "inquiryType", "lastName", "message", "phone", "suburb"]);
    assert.equal(await count(db, "inquiries"), 3);
  });
});

describeApi("issue 13: quantities and start times bounded, e-mails bare", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: fixedClock });
  const tooMany = `Please choose at most ${quantityExtra.maxQuantity} of this add-on.`;
  await t.step("100,000,000 of an add-on is a field error, not a A$1.5 billion quote (nor a 500 at 1e9)", async () => {
    for (const [path, quantity] of [["/api/quotes", 1e8], ["/api/bookings", 1e8], ["/api/quotes", 1e9], ["/api/bookings", 1e9]] as const) {
      const { status, body } = await json(await app.request(post(path, draft({ extras: [{ extraId: quantityExtra._id, quantity }] }))));
      assert.equal(status, 422, `${path} ${quantity}`);
      assert.deepEqual(body.fieldErrors, { "extras.0.quantity": [tooMany] });
    }
  });
  await t.step("the extra's own maximum is the limit", async () => {
    const over = await json(await app.request(post("/api/quotes", draft({ extras: [{ extraId: quantityExtra._id, quantity: quantityExtra.maxQuantity + 1 }] }))));
    assert.equal(over.status, 422);
    const most = await json(await app.request(post("/api/quotes", draft({ extras: [{ extraId: quantityExtra._id, quantity: quantityExtra.maxQuantity }] }))));
    assert.equal(most.status, 201);
    assert.equal(most.body.extrasAmount, quantityExtra.maxQuantity * quantityExtra.price);
  });
  await t.step("a start in 2099 is past the booking horizon", async () => {
    const message = "We take bookings up to 365 days ahead. Please choose an earlier date.";
    for (const path of ["/api/bookings", "/api/quotes"]) {
      const { status, body } = await json(await app.request(post(path, draft({ startTimeISO: "2099-11-27T09:00:00+11:00" }))));
      assert.equal(status, 422, path);
      assert.deepEqual(body.fieldErrors, { startTimeISO: [message] });
    }
    const { body } = await json(await app.request(post("/api/availability/check", { startTimeISO: "2099-11-27T09:00:00+11:00" })));
    assert.deepEqual([body.available, body.code, body.reason], [false, "OUTSIDE_BOOKING_HOURS", message]);
  });
  await t.step("display-name and list e-mails are refused on bookings, quotes and inquiries", async () => {
    const inquiry = { firstName: "Eve", lastName: "Ill", phone: "0412 000 111", suburb: "Carlton", message: "Hi" };
    for (const email of ["attacker<victim@evil.example>", "a@b.co, c@d.co", "a@b.co;c@d.co", "\"Ann\" <ann@example.com>"]) {
      for (const [path, body] of [["/api/bookings", draft({ email })], ["/api/quotes", draft({ email })], ["/api/inquiries", { ...inquiry, email }]] as const) {
        const answer = await json(await app.request(post(path, body)));
        assert.equal(answer.status, 422, `${path} ${email}`);
        assert.deepEqual(answer.body.fieldErrors, { email: ["Please enter a valid email address."] }, `${path} ${email}`);
      }
    }
  });
  await t.step("only the one quote at the maximum was stored", async () => {
    assert.equal(await count(db, MADE), 1);
    assert.equal(await count(db, "inquiries"), 0);
  });
});

describeApi("malformed input never crashes or writes a partial record", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: fixedClock });
  const bodies: [string, unknown][] = [
    ["nulls everywhere", Object.fromEntries(Object.keys(draft()).map((k) => [k, null]))],
    ["wrong types", { ...draft(), firstName: 42, address: "Fitzroy", extras: { a: 1 }, answers: "yes", hours: [] }],
    ["nested nonsense", { ...draft(), address: { street: { $gt: "" } }, extras: [null, 1, "x"] }],
    ["huge strings", { ...draft(), firstName: "A".repeat(50_000) }],
    ["negative and fractional quantities", { ...draft(), extras: [{ extraId: quantityExtra._id, quantity: -3 }, { extraId: quantityExtra._id, quantity: 1.5 }] }],
    ["unknown fields only", { hello: "world", __proto__: { admin: true } }],
    ["SQL in every string", Object.fromEntries(Object.keys(draft()).map((k) => [k, "'; drop table bookings; --"]))],
  ];
  for (const path of ["/api/bookings", "/api/quotes", "/api/inquiries", "/api/availability/check"]) {
    await t.step(path, async () => {
      for (const [name, body] of bodies) {
        const res = await app.request(post(path, body));
        const payload = await res.json();
        if (res.status === 200 && path === "/api/availability/check") {
          // It reads startTimeISO and durationHours only; the rest of a draft is ignored.
          assert.equal(typeof payload.available, "boolean", name);
          continue;
        }
        assert.ok([400, 413, 422].includes(res.status), `${name}: ${res.status}`);
        assert.equal(typeof payload.error, "string", name);
        assert.equal(typeof payload.code, "string", name);
      }
      for (const raw of ["", "{", "null", "[1,2]", "\"text\"", "1e999999", "{\"a\":}"]) {
        const res = await app.request(post(path, raw));
        assert.equal(res.status, 400, `${JSON.stringify(raw)} on ${path}`);
        await res.body?.cancel();
      }
      const wrongType = await app.request(new Request(`http://localhost${path}`, {
        method: "POST", headers: { "content-type": "text/plain" }, body: JSON.stringify(draft()),
      }));
      assert.equal(wrongType.status, 400);
      await wrongType.body?.cancel();
    });
  }
  await t.step("nothing was stored", async () => {
    for (const table of ["bookings", "booking_extras", "booking_answers", "inquiries", "email_outbox"]) {
      assert.equal(await count(db, table), 0, table);
    }
  });
});

describeApi("Idempotency-Key", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: fixedClock });
  const key = { "Idempotency-Key": "order-7f3c" };
  await t.step("a retry with the same key and body returns the first response and creates nothing", async () => {
    const first = await json(await app.request(post("/api/bookings", draft(), key)));
    const retry = await app.request(post("/api/bookings", draft(), key));
    assert.equal(retry.status, 201);
    assert.equal(retry.headers.get("idempotent-replayed"), "true");
    assert.deepEqual(await retry.json(), first.body);
    assert.equal(await count(db, MADE), 1);
    assert.equal(await count(db, "email_outbox"), 2);
  });
  await t.step("the same key with another body is a 422", async () => {
    const { status, body } = await json(await app.request(post("/api/bookings", draft({ firstName: "Eve" }), key)));
    assert.equal(status, 422);
    assert.equal(body.code, "IDEMPOTENCY_KEY_REUSED");
  });
  await t.step("keys are per call: the same key on /api/quotes is a new request", async () => {
    assert.equal((await app.request(post("/api/quotes", draft(), key))).status, 201);
  });
  await t.step("a key whose first request is still running is a 409", async () => {
    const hash = await requestHash("POST", "/api/bookings", JSON.stringify(draft()));
    await db.sql`insert into idempotency_keys (scope, key, request_hash, state, expires_at)
                 values ('bookings', 'busy-1', ${hash}, 'IN_PROGRESS', now() + interval '1 day')`;
    const { status, body } = await json(await app.request(post("/api/bookings", draft(), { "Idempotency-Key": "busy-1" })));
    assert.equal(status, 409);
    assert.equal(body.code, "IDEMPOTENCY_KEY_IN_PROGRESS");
  });
  await t.step("an expired key is forgotten", async () => {
    await db.sql`update idempotency_keys set expires_at = now() - interval '1 second' where key = ${key["Idempotency-Key"]}`;
    const again = await app.request(post("/api/bookings", draft({ startTimeISO: "2026-11-28T13:00:00+11:00" }), key));
    assert.equal(again.status, 201);
    assert.equal(again.headers.get("idempotent-replayed"), null);
  });
  await t.step("a malformed key is a 400", async () => {
    const res = await app.request(post("/api/bookings", draft(), { "Idempotency-Key": "has space" }));
    assert.equal(res.status, 400);
    assert.equal((await res.json()).code, "INVALID_IDEMPOTENCY_KEY");
  });
});

describeApi("abuse limits", async (t, _app, db) => {
  const limits = {
    submit: { name: "submit", limit: 3, windowSeconds: 600 },
    availability: { name: "availability", limit: 2, windowSeconds: 60 },
  };
  // Two app objects on one database: the budget is shared, as between two processes.
  const one = buildTestApp(db, { clock: fixedClock, limits, trustProxy: 1 });
  const two = buildTestApp(db, { clock: fixedClock, limits, trustProxy: 1 });
  const from = (ip: string) => ({ "x-forwarded-for": ip });
  await t.step("the public POSTs share a budget per address, answered 429 with Retry-After", async () => {
    await awayFromWindowEdge(limits.submit.windowSeconds);
    const statuses = [];
    for (const app of [one, two, one, two]) {
      const res = await app.request(post("/api/inquiries", { message: "x" }, from("203.0.113.9")));
      statuses.push(res.status);
      if (res.status === 429) {
        assert.match(res.headers.get("retry-after") ?? "", /^\d+$/);
        assert.ok(Number(res.headers.get("retry-after")) <= 600);
        assert.equal((await res.json()).code, "RATE_LIMITED");
      } else await res.body?.cancel();
    }
    assert.deepEqual(statuses, [422, 422, 422, 429]);
  });
  await t.step("another address has its own budget", async () => {
    const res = await one.request(post("/api/bookings", draft(), from("198.51.100.4")));
    assert.equal(res.status, 201);
  });
  await t.step("availability checks have their own budget", async () => {
    await awayFromWindowEdge(limits.availability.windowSeconds);
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const res = await two.request(post("/api/availability/check", { startTimeISO: FRIDAY_9AM }, from("192.0.2.1")));
      statuses.push(res.status);
      await res.body?.cancel();
    }
    assert.deepEqual(statuses, [200, 200, 429]);
  });
});

describeApi("OpenAPI document and reference", async (t, app) => {
  await t.step("/api/openapi.json is OpenAPI 3.1 generated from the request schemas", async () => {
    const { status, body } = await json(await app.request("/api/openapi.json"));
    assert.equal(status, 200);
    assert.equal(body.openapi, "3.1.0");
    const bookings = body.paths["/api/bookings"].post;
    const ref = bookings.requestBody.content["application/json"].schema.$ref;
    assert.equal(ref, "#/components/schemas/BookingDraft");
    const schema = body.components.schemas.BookingDraft;
    assert.equal(JSON.stringify(body).includes("#/$defs/"), false, "no dangling local refs");
    assert.deepEqual(schema.properties.address.properties.state.enum, ["VIC", "NSW", "QLD", "SA", "WA", "TAS", "ACT", "NT"]);
    assert.ok(bookings.parameters.some((p: { name: string }) => p.name === "Idempotency-Key"));
    assert.ok(bookings.responses["409"] && bookings.responses["422"] && bookings.responses["429"]);
    for (const path of ["/api/services", "/api/extras", "/api/quotes", "/api/inquiries", "/api/availability/check"]) {
      assert.ok(body.paths[path], path);
    }
  });
  // /api/docs, the reference renderer over this document, has its own tests (api/docs.test.ts).
});

// Two API instances with their own pools racing for one start: the rule holds across processes.
describeOnTargets("race: 50 concurrent bookings, two instances, cap 2", async (t, db) => {
  await seedDemoData(db.sql);
  await makeSettingsStore(db.sql).saveScheduling({ ...SCHEDULING_DEFAULTS, maxConcurrentPerSlot: 2 });
  const other = await db.openAnother(10);
  try {
    const apps = [buildTestApp(db, { clock: fixedClock }), buildTestApp(other, { clock: fixedClock })];
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) =>
      apps[i % 2].request(post("/api/bookings", draft({ email: `racer${i}@example.com` })))
    ));
    const statuses = responses.map((r) => r.status);
    await Promise.all(responses.map((r) => r.body?.cancel()));
    await t.step("exactly 2 created, 48 answered 409, none lost or duplicated", async () => {
      assert.equal(statuses.filter((s) => s === 201).length, 2);
      assert.equal(statuses.filter((s) => s === 409).length, 48);
      assert.equal(await count(db, MADE), 2);
      assert.equal(await count(db, "email_outbox"), 4);
    });
  } finally {
    await other.close();
  }
}, { targets: POSTGRES_TARGET ? [POSTGRES_TARGET] : [] });
