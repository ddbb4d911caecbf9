import assert from "node:assert/strict";
import { adminSession, buildTestApp, describeApi, json, type TestApp } from "./test-app.ts";
import { draft, fixedClock, NOW, post } from "./test-fixtures.ts";
import {
  DEMO_EXTRAS,
  DEMO_FREQUENCIES,
  DEMO_QUESTIONS,
  DEMO_SERVICE_IDS,
  DEMO_SERVICES,
} from "../adapters/postgres/demo-data.ts";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";

type Headers = Record<string, string>;

const send = (method: string, path: string, headers: Headers, body?: unknown) =>
  new Request(`http://localhost${path}`, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });

/** A staff client for one app and one session. */
function staff(app: TestApp, headers: Headers) {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await app.request(send(method, `/api/admin${path}`, headers, body));
    return { status: response.status, body: response.status === 204 ? null : await response.json() };
  };
  return {
    get: (path: string) => call("GET", path),
    post: (path: string, body?: unknown) => call("POST", path, body),
    put: (path: string, body: unknown) => call("PUT", path, body),
    patch: (path: string, body?: unknown) => call("PATCH", path, body),
    delete: (path: string) => call("DELETE", path),
  };
}

const publicGet = async (app: TestApp, path: string) => json(await app.request(`http://localhost/api${path}`));

interface AuditRow {
  action: string;
  entity: string;
  entity_id: string | null;
  admin_email: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
const auditRows = (db: TestDatabase, action: string) =>
  db.sql<AuditRow[]>`select action, entity, entity_id, admin_email, before, after
                       from audit_log where action = ${action} order by id`;
const count = async (db: TestDatabase, table: string) =>
  (await db.sql.unsafe(`select count(*)::int as n from ${table}`))[0].n as number;

const hourlyExtras = DEMO_EXTRAS.filter((e) => e.serviceId === DEMO_SERVICE_IDS.hourly)
  .sort((a, b) => a.order - b.order);
const hourly = DEMO_SERVICES.find((s) => s._id === DEMO_SERVICE_IDS.hourly)!;

describeApi("staff catalogue: access", async (t, app, db) => {
  const admin = await adminSession(db, "admin");
  const routes: [string, string][] = [
    ["GET", "/services"], ["POST", "/services"], ["GET", `/services/${hourly._id}`],
    ["PUT", `/services/${hourly._id}`], ["DELETE", `/services/${hourly._id}`],
    ["PATCH", `/services/${hourly._id}/restore`], ["DELETE", `/services/${hourly._id}/hard`],
    ["PATCH", `/services/${hourly._id}/reorder-extras`], ["GET", "/extras"], ["POST", "/extras"],
    ["PUT", `/extras/${hourlyExtras[0]._id}`], ["DELETE", `/extras/${hourlyExtras[0]._id}`],
    ["POST", `/extras/${hourlyExtras[0]._id}/restore`], ["DELETE", `/extras/${hourlyExtras[0]._id}/hard`],
    ["GET", "/frequencies"], ["POST", "/frequencies"], ["PUT", `/frequencies/${DEMO_FREQUENCIES[1]._id}`],
    ["DELETE", `/frequencies/${DEMO_FREQUENCIES[1]._id}`], ["GET", "/questions"], ["POST", "/questions"],
    ["PUT", `/questions/${DEMO_QUESTIONS[0]._id}`], ["DELETE", `/questions/${DEMO_QUESTIONS[0]._id}`],
  ];

  await t.step("every call needs a bearer token: 401, and nothing changes", async () => {
    for (const [method, path] of routes) {
      const { status, body } = await json(await app.request(send(method, `/api/admin${path}`, {}, method === "GET" ? undefined : {})));
      assert.equal(status, 401, `${method} ${path}`);
      assert.equal(body.code, "UNAUTHENTICATED");
    }
    assert.equal(await count(db, "audit_log"), 0);
    assert.equal(await count(db, "services"), DEMO_SERVICES.length);
  });

  await t.step("hard deletes are for superadmins: 403 for an admin, and nothing is deleted", async () => {
    const api = staff(app, admin.headers);
    for (const path of [`/services/${hourly._id}/hard`, `/extras/${hourlyExtras[0]._id}/hard`]) {
      const { status, body } = await api.delete(path);
      assert.equal(status, 403, path);
      assert.deepEqual(body, { error: "You don’t have permission to perform this action.", code: "FORBIDDEN" });
    }
    assert.equal((await api.get(`/services/${hourly._id}`)).status, 200);
    assert.equal(await count(db, "extras"), DEMO_EXTRAS.length);
  });

  await t.step("a body that is not JSON is a 400 in the one error shape", async () => {
    const response = await app.request(send("POST", "/api/admin/services", admin.headers, "{nope"));
    const { status, body } = await json(response);
    assert.equal(status, 400);
    assert.equal(body.code, "BAD_REQUEST");
    const array = await app.request(send("PUT", `/api/admin/services/${hourly._id}`, admin.headers, "[]"));
    assert.equal(array.status, 400);
  });

  await t.step("every call is documented with its tag and the bearer scheme", async () => {
    const { body } = await json(await app.request("http://localhost/api/openapi.json"));
    for (const [method, path] of routes) {
      const docPath = `/api/admin${path}`.replace(/[0-9a-f-]{36}/, "{id}");
      const op = body.paths[docPath]?.[method.toLowerCase()];
      assert.ok(op, `${method} ${docPath} documented`);
      assert.deepEqual(op.tags, ["Staff: catalogue"]);
      assert.deepEqual(op.security, [{ bearerAuth: [] }]);
    }
  });
});

describeApi("staff catalogue: services", async (t, app, db) => {
  const admin = await adminSession(db, "admin");
  const superadmin = await adminSession(db, "superadmin");
  const api = staff(app, admin.headers);
  let created: Record<string, unknown>;

  await t.step("POST creates with the spec's defaults and audits it", async () => {
    const { status, body } = await api.post("/services", { name: "  Deep Clean ", slug: "deep-clean" });
    assert.equal(status, 201);
    created = body;
    assert.deepEqual({ ...body, _id: undefined }, {
      _id: undefined,
      name: "Deep Clean",
      slug: "deep-clean",
      pricingModel: "HOURLY",
      ratePerHour: 60,
      minHours: 2,
      maxHours: 20,
      stepHours: 0.5,
      basePrice: 0,
      bedroomPrices: [],
      durationMinutes: 120,
      description: "",
      checklist: [],
      deletedAt: null,
    });
    const [row] = await auditRows(db, "service.create");
    assert.equal(row.entity, "service");
    assert.equal(row.entity_id, body._id);
    assert.equal(row.admin_email, admin.admin.email);
    assert.equal(row.before, null);
    assert.deepEqual(row.after, body);
  });

  await t.step("name and slug are required; rules come back keyed by field", async () => {
    const missing = await api.post("/services", {});
    assert.equal(missing.status, 422);
    assert.deepEqual(missing.body.fieldErrors, { name: ["Name is required"], slug: ["Slug is required"] });
    const bad = await api.post("/services", {
      name: "X", slug: "Has Spaces", pricingModel: "BEDROOMS", bedroomPrices: [{ bedrooms: 1, price: -5 }],
    });
    assert.equal(bad.status, 422);
    assert.deepEqual(bad.body.fieldErrors, {
      slug: ["Slug may use lowercase letters, numbers and hyphens only"],
      "bedroomPrices.0.price": ["Bedroom prices must be 0 or more"],
    });
    const wrongType = await api.post("/services", { name: "X", slug: "x", pricingModel: "WEEKLY" });
    assert.deepEqual(wrongType.body.fieldErrors, { pricingModel: ["Pricing model must be HOURLY, BEDROOMS or FIXED"] });
  });

  await t.step("a slug in use (deleted services too) is a 409 SLUG_TAKEN", async () => {
    const { status, body } = await api.post("/services", { name: "Again", slug: "deep-clean" });
    assert.equal(status, 409);
    assert.equal(body.code, "SLUG_TAKEN");
    assert.deepEqual(body.fieldErrors, { slug: ["Another service already uses this slug"] });
    assert.equal((await auditRows(db, "service.create")).length, 1, "no audit row for a refused write");
  });

  await t.step("GET one (404 for unknown and malformed ids) and the list", async () => {
    assert.deepEqual((await api.get(`/services/${created._id}`)).body, created);
    for (const id of [crypto.randomUUID(), "nope"]) {
      const { status, body } = await api.get(`/services/${id}`);
      assert.equal(status, 404);
      assert.equal(body.code, "SERVICE_NOT_FOUND");
    }
    const { body } = await api.get("/services");
    assert.equal(body.items.length, DEMO_SERVICES.length + 1);
    const regular = body.items.find((s: { _id: string }) => s._id === DEMO_SERVICE_IDS.regular);
    assert.ok(regular.bedroomPrices.length > 0, "bedroom prices come with the list");
    assert.equal((await api.get("/services?includeDeleted=maybe")).status, 422);
  });

  await t.step("PUT updates some fields and keeps the rest", async () => {
    const { status, body } = await api.put(`/services/${created._id}`, { ratePerHour: "72.5" });
    assert.equal(status, 200);
    assert.deepEqual(body, { ...created, ratePerHour: 72.5 });
    const [row] = await auditRows(db, "service.update");
    assert.deepEqual(row.before, created);
    assert.deepEqual(row.after, body);
    // The same again answers the service and writes no row (issue 34 item 17).
    const again = await api.put(`/services/${created._id}`, { ratePerHour: "72.5", name: created.name });
    assert.deepEqual(again, { status: 200, body });
    assert.equal((await auditRows(db, "service.update")).length, 1);
  });

  await t.step("PUT with bedroomPrices replaces them; the merged service is re-checked", async () => {
    const { status, body } = await api.put(`/services/${created._id}`, {
      pricingModel: "BEDROOMS", bedroomPrices: [{ bedrooms: 2, price: 200, durationMinutes: 210 }, { bedrooms: 1, price: 150.5 }],
    });
    assert.equal(status, 200);
    assert.deepEqual(body.bedroomPrices, [
      { bedrooms: 1, price: 150.5, durationMinutes: 120 },
      { bedrooms: 2, price: 200, durationMinutes: 210 },
    ], "a row without a length takes the default 2 hours");
    const again = await api.put(`/services/${created._id}`, { bedroomPrices: [{ bedrooms: 3, price: 300, durationMinutes: 240 }] });
    assert.deepEqual(again.body.bedroomPrices, [{ bedrooms: 3, price: 300, durationMinutes: 240 }]);
    const emptied = await api.put(`/services/${created._id}`, { bedroomPrices: [] });
    assert.equal(emptied.status, 422);
    assert.deepEqual(emptied.body.fieldErrors, { bedroomPrices: ["Add at least one bedroom price"] });
    const minAboveMax = await api.put(`/services/${created._id}`, { minHours: 21 });
    assert.equal(minAboveMax.status, 422, "21 is fine alone but above the stored maximum of 20");
    assert.deepEqual(minAboveMax.body.fieldErrors, { maxHours: ["Maximum hours must be at least the minimum hours"] });
    assert.deepEqual((await api.get(`/services/${created._id}`)).body, again.body, "refused updates change nothing");
  });

  await t.step("issue 13: money over A$100,000 is a field error on create and update (1e10 overflowed: 500)", async () => {
    const before = (await api.get(`/services/${created._id}`)).body;
    const put = await api.put(`/services/${created._id}`, { ratePerHour: 1e10, basePrice: 1e10, bedroomPrices: [{ bedrooms: 1, price: 1e10 }] });
    assert.equal(put.status, 422);
    assert.deepEqual(put.body.fieldErrors, {
      ratePerHour: ["Rate per hour must be A$100,000 or less"],
      basePrice: ["Base price must be A$100,000 or less"],
      "bedroomPrices.0.price": ["Bedroom prices must be A$100,000 or less"],
    });
    const post = await api.post("/services", { name: "Palace", slug: "palace", pricingModel: "FIXED", basePrice: 1e10 });
    assert.equal(post.status, 422);
    assert.deepEqual(post.body.fieldErrors, { basePrice: ["Base price must be A$100,000 or less"] });
    assert.deepEqual((await api.get(`/services/${created._id}`)).body, before);
  });

  await t.step("PUT: 404 unknown, 409 a slug of another service, 422 a blank name", async () => {
    assert.equal((await api.put(`/services/${crypto.randomUUID()}`, { name: "X" })).status, 404);
    const taken = await api.put(`/services/${created._id}`, { slug: hourly.slug });
    assert.equal(taken.status, 409);
    assert.equal(taken.body.code, "SLUG_TAKEN");
    const same = await api.put(`/services/${created._id}`, { slug: "deep-clean" });
    assert.equal(same.status, 200, "its own slug is not taken");
    const blank = await api.put(`/services/${created._id}`, { name: "  " });
    assert.deepEqual(blank.body.fieldErrors, { name: ["Name is required"] });
    const shape = await api.put(`/services/${created._id}`, { bedroomPrices: "lots" });
    assert.equal(shape.status, 422);
    assert.ok(shape.body.fieldErrors.bedroomPrices);
  });

  await t.step("DELETE soft-deletes: staff still see it, the public catalogue does not", async () => {
    const { status, body } = await api.delete(`/services/${hourly._id}`);
    assert.equal(status, 200);
    assert.ok(typeof body.deletedAt === "string");
    assert.ok(!(await publicGet(app, "/services")).body.items.some((s: { _id: string }) => s._id === hourly._id));
    assert.equal((await publicGet(app, `/services/${hourly._id}`)).status, 404);
    assert.equal((await publicGet(app, `/extras?serviceId=${hourly._id}`)).status, 404);
    assert.equal((await api.get(`/services/${hourly._id}`)).body.deletedAt, body.deletedAt);
    assert.ok(!(await api.get("/services")).body.items.some((s: { _id: string }) => s._id === hourly._id));
    const all = await api.get("/services?includeDeleted=true");
    assert.ok(all.body.items.some((s: { _id: string }) => s._id === hourly._id));
    const [row] = await auditRows(db, "service.delete");
    assert.equal(row.entity_id, hourly._id);
    assert.equal(row.before?.deletedAt, null);
    assert.equal(row.after?.deletedAt, body.deletedAt);
    assert.equal((await api.delete(`/services/${crypto.randomUUID()}`)).status, 404);
    const twice = await api.delete(`/services/${hourly._id}`);
    assert.equal(twice.body.deletedAt, body.deletedAt, "deleting again keeps the first date");
    assert.equal((await auditRows(db, "service.delete")).length, 1);
  });

  await t.step("a deleted service takes no new extras or questions", async () => {
    const extra = await api.post("/extras", { serviceId: hourly._id, title: "Oven", price: 10 });
    assert.deepEqual(extra.body.fieldErrors, { serviceId: ["Please choose a service."] });
    const question = await api.post("/questions", { scope: "SERVICE", serviceId: hourly._id, text: "Q?", type: "TEXT" });
    assert.deepEqual(question.body.fieldErrors, { serviceId: ["Select a service"] });
  });

  await t.step("PATCH restore brings it back to the public catalogue", async () => {
    const { status, body } = await api.patch(`/services/${hourly._id}/restore`);
    assert.equal(status, 200);
    assert.equal(body.deletedAt, null);
    assert.equal((await publicGet(app, `/services/${hourly._id}`)).status, 200);
    const [row] = await auditRows(db, "service.restore");
    assert.equal(row.before?.deletedAt !== null, true);
    assert.equal(row.after?.deletedAt, null);
    assert.equal((await api.patch(`/services/${crypto.randomUUID()}/restore`)).status, 404);
  });

  await t.step("hard DELETE (superadmin) removes the service with its extras and questions", async () => {
    const boss = staff(app, superadmin.headers);
    const moveId = DEMO_SERVICE_IDS.moveInOut;
    const questionsBefore = DEMO_QUESTIONS.filter((q) => q.serviceId === moveId).length;
    assert.ok(questionsBefore > 0);
    const { status, body } = await boss.delete(`/services/${moveId}/hard`);
    assert.equal(status, 204);
    assert.equal(body, null);
    assert.equal((await boss.get(`/services/${moveId}`)).status, 404);
    const [{ extras, questions }] = await db.sql<{ extras: number; questions: number }[]>`
      select (select count(*)::int from extras where service_id = ${moveId}) as extras,
             (select count(*)::int from questions where service_id = ${moveId}) as questions`;
    assert.deepEqual({ extras, questions }, { extras: 0, questions: 0 });
    const [row] = await auditRows(db, "service.hard_delete");
    assert.equal(row.admin_email, superadmin.admin.email);
    assert.equal(row.after, null);
    assert.equal(row.before?._id, moveId);
    assert.equal((row.before?.extras as unknown[]).length, DEMO_EXTRAS.filter((e) => e.serviceId === moveId).length);
    assert.equal((row.before?.questions as unknown[]).length, questionsBefore);
    assert.equal((await boss.delete(`/services/${moveId}/hard`)).status, 404);
  });
});

describeApi("staff catalogue: reorder extras", async (t, app, db) => {
  const api = staff(app, (await adminSession(db, "admin")).headers);
  const publicOrder = async () =>
    (await publicGet(app, `/extras?serviceId=${hourly._id}`)).body.items.map((e: { _id: string }) => e._id);

  await t.step("applies every position in one go and audits before and after", async () => {
    const reversed = [...hourlyExtras].reverse();
    const orders = reversed.map((e, index) => ({ extraId: e._id, order: index + 1 }));
    const { status, body } = await api.patch(`/services/${hourly._id}/reorder-extras`, { orders });
    assert.equal(status, 200);
    assert.deepEqual(body.items.map((e: { _id: string }) => e._id), reversed.map((e) => e._id));
    assert.deepEqual(await publicOrder(), reversed.map((e) => e._id));
    const [row] = await auditRows(db, "service.reorder_extras");
    assert.equal(row.entity_id, hourly._id);
    // Each extra by its title too, so the log reads by name once one is gone (issue 34 item 17).
    assert.deepEqual(row.before, hourlyExtras.map((e) => ({ extraId: e._id, title: e.title, order: e.order })));
    assert.deepEqual(row.after, orders.map(({ extraId, order }) => ({ extraId, title: hourlyExtras.find((e) => e._id === extraId)!.title, order })));
  });

  await t.step("the same order again answers 200 and writes no audit row", async () => {
    const orders = [...hourlyExtras].reverse().map((e, index) => ({ extraId: e._id, order: index + 1 }));
    assert.equal((await api.patch(`/services/${hourly._id}/reorder-extras`, { orders })).status, 200);
    assert.equal((await auditRows(db, "service.reorder_extras")).length, 1);
  });

  await t.step("one extra of another service: 422, and no position changes", async () => {
    const before = await publicOrder();
    const otherExtra = DEMO_EXTRAS.find((e) => e.serviceId !== hourly._id)!;
    const orders = [
      { extraId: before[1], order: 1 },
      { extraId: before[0], order: 2 },
      { extraId: otherExtra._id, order: 3 },
    ];
    const { status, body } = await api.patch(`/services/${hourly._id}/reorder-extras`, { orders });
    assert.equal(status, 422);
    assert.deepEqual(body.fieldErrors, { "orders.2.extraId": ["This extra does not belong to the service"] });
    assert.deepEqual(await publicOrder(), before);
    assert.equal((await auditRows(db, "service.reorder_extras")).length, 1);
  });

  await t.step("bad positions, repeats and an empty list are 422s; an unknown service 404", async () => {
    const [a, b] = await publicOrder();
    const bad = await api.patch(`/services/${hourly._id}/reorder-extras`, {
      orders: [{ extraId: a, order: 0 }, { extraId: a, order: 1 }, { extraId: b, order: 1 }],
    });
    assert.equal(bad.status, 422);
    assert.deepEqual(bad.body.fieldErrors, {
      "orders.0.order": ["Order must be a whole number of 1 or more"],
      "orders.1.extraId": ["Each extra can appear only once"],
      "orders.2.order": ["Each position can be used only once"],
    });
    const empty = await api.patch(`/services/${hourly._id}/reorder-extras`, { orders: [] });
    assert.deepEqual(empty.body.fieldErrors, { orders: ["Send at least one extra with its order"] });
    const missing = await api.patch(`/services/${hourly._id}/reorder-extras`, {});
    assert.equal(missing.status, 422);
    const unknown = await api.patch(`/services/${crypto.randomUUID()}/reorder-extras`, { orders: [{ extraId: a, order: 1 }] });
    assert.equal(unknown.status, 404);
  });
});

describeApi("staff catalogue: extras", async (t, app, db) => {
  const api = staff(app, (await adminSession(db, "admin")).headers);
  const boss = staff(app, (await adminSession(db, "superadmin")).headers);
  const publicIds = async () =>
    (await publicGet(app, `/extras?serviceId=${hourly._id}`)).body.items.map((e: { _id: string }) => e._id);
  let created: Record<string, unknown>;

  await t.step("POST adds the extra last, trimmed, and audits it", async () => {
    const { status, body } = await api.post("/extras", {
      serviceId: hourly._id, title: " Garage sweep ", price: "25.50", hasQuantity: true,
      imageUrl: "https://example.com/garage.jpg", description: "Sweep and tidy.",
    });
    assert.equal(status, 201);
    created = body;
    assert.equal(body.title, "Garage sweep");
    assert.equal(body.price, 25.5);
    assert.equal(body.active, true);
    assert.equal(body.order, Math.max(...hourlyExtras.map((e) => e.order)) + 1);
    assert.equal((await publicIds()).at(-1), body._id);
    const [row] = await auditRows(db, "extra.create");
    // The service by its name beside its id, so the log reads by name (issue 34 item 17).
    assert.deepEqual(row.after, { ...body, serviceName: hourly.name });
  });

  await t.step("POST rules: service, title, price, https image", async () => {
    const { status, body } = await api.post("/extras", { title: "", price: -1, imageUrl: "http://example.com/x.jpg" });
    assert.equal(status, 422);
    assert.deepEqual(body.fieldErrors, {
      serviceId: ["Please choose a service."],
      title: ["Title is required"],
      price: ["Price must be 0 or more"],
      imageUrl: ["Image URL must start with https://"],
    });
    const unknown = await api.post("/extras", { serviceId: crypto.randomUUID(), title: "X", price: 1 });
    assert.deepEqual(unknown.body.fieldErrors, { serviceId: ["Please choose a service."] });
    const noPrice = await api.post("/extras", { serviceId: hourly._id, title: "X" });
    assert.deepEqual(noPrice.body.fieldErrors, { price: ["Price must be 0 or more"] });
  });

  await t.step("PUT active false hides it from the public form; staff see it with includeInactive", async () => {
    const { status, body } = await api.put(`/extras/${created._id}`, { active: false });
    assert.equal(status, 200);
    assert.deepEqual(body, { ...created, active: false });
    assert.ok(!(await publicIds()).includes(created._id));
    const plain = await api.get(`/extras?serviceId=${hourly._id}`);
    assert.ok(!plain.body.items.some((e: { _id: string }) => e._id === created._id));
    const withInactive = await api.get(`/extras?serviceId=${hourly._id}&includeInactive=true`);
    assert.ok(withInactive.body.items.some((e: { _id: string }) => e._id === created._id));
    const [row] = await auditRows(db, "extra.update");
    assert.equal(row.before?.active, true);
    assert.equal(row.after?.active, false);
    assert.deepEqual(await api.put(`/extras/${created._id}`, { active: false }), { status: 200, body: { ...created, active: false } });
    assert.equal((await auditRows(db, "extra.update")).length, 1, "the same again writes no audit row (issue 34 item 17)");
    await api.put(`/extras/${created._id}`, { active: true });
    assert.ok((await publicIds()).includes(created._id));
  });

  await t.step("PUT: 404 unknown, 422 rules, moving to another service puts it last there", async () => {
    assert.equal((await api.put(`/extras/${crypto.randomUUID()}`, { title: "X" })).status, 404);
    const bad = await api.put(`/extras/${created._id}`, { price: -2, active: "yes" });
    assert.deepEqual(bad.body.fieldErrors.price, ["Price must be 0 or more"]);
    assert.deepEqual(bad.body.fieldErrors.active, ["Active must be true or false"]);
    const regularExtras = DEMO_EXTRAS.filter((e) => e.serviceId === DEMO_SERVICE_IDS.regular);
    const moved = await api.put(`/extras/${created._id}`, { serviceId: DEMO_SERVICE_IDS.regular });
    assert.equal(moved.status, 200);
    assert.equal(moved.body.order, Math.max(0, ...regularExtras.map((e) => e.order)) + 1);
    const back = await api.put(`/extras/${created._id}`, { serviceId: hourly._id, order: 1 });
    assert.equal(back.body.order, 1);
  });

  await t.step("GET lists by service then order; serviceId narrows; unknown service 404", async () => {
    const all = await api.get("/extras?includeDeleted=true&includeInactive=true");
    assert.equal(all.body.items.length, DEMO_EXTRAS.length + 1);
    const serviceOrder = DEMO_SERVICES.map((s) => s._id);
    const keys = all.body.items.map((e: { serviceId: string; order: number }) => [serviceOrder.indexOf(e.serviceId), e.order]);
    const sorted = [...keys].sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    assert.deepEqual(keys, sorted);
    assert.equal((await api.get(`/extras?serviceId=${crypto.randomUUID()}`)).status, 404);
    assert.equal((await api.get("/extras?includeInactive=1")).status, 422);
  });

  await t.step("DELETE soft-deletes (hidden publicly), POST restore brings it back", async () => {
    const { status, body } = await api.delete(`/extras/${created._id}`);
    assert.equal(status, 200);
    assert.ok(body.deletedAt);
    assert.ok(!(await publicIds()).includes(created._id));
    const staffList = await api.get(`/extras?serviceId=${hourly._id}`);
    assert.ok(!staffList.body.items.some((e: { _id: string }) => e._id === created._id));
    const withDeleted = await api.get(`/extras?serviceId=${hourly._id}&includeDeleted=true`);
    assert.ok(withDeleted.body.items.some((e: { _id: string }) => e._id === created._id));
    assert.equal((await auditRows(db, "extra.delete")).length, 1);

    const restored = await api.post(`/extras/${created._id}/restore`);
    assert.equal(restored.status, 200);
    assert.equal(restored.body.deletedAt, null);
    assert.ok((await publicIds()).includes(created._id));
    const [row] = await auditRows(db, "extra.restore");
    assert.equal(row.after?.deletedAt, null);
    assert.equal((await api.delete(`/extras/${crypto.randomUUID()}`)).status, 404);
    assert.equal((await api.post(`/extras/${crypto.randomUUID()}/restore`)).status, 404);
  });

  await t.step("hard DELETE (superadmin) removes it for good", async () => {
    const { status } = await boss.delete(`/extras/${created._id}/hard`);
    assert.equal(status, 204);
    assert.ok(!(await publicIds()).includes(created._id));
    assert.equal((await api.put(`/extras/${created._id}`, { title: "X" })).status, 404);
    const [row] = await auditRows(db, "extra.hard_delete");
    assert.equal(row.before?._id, created._id);
    assert.equal(row.after, null);
    assert.equal((await boss.delete(`/extras/${created._id}/hard`)).status, 404);
  });
});

describeApi("staff catalogue: numbers bounded (issue 13)", async (t, app, db) => {
  const api = staff(app, (await adminSession(db, "admin")).headers);
  const { body: created } = await api.post("/extras", { serviceId: hourly._id, title: "Garage sweep", price: 25, hasQuantity: true });

  await t.step("issue 13: a maximum quantity (default 20) staff set, the public catalogue sends, a booking obeys", async () => {
    assert.equal(created.maxQuantity, 20, "the default");
    const set = await api.put(`/extras/${created._id}`, { maxQuantity: 3 });
    assert.equal(set.status, 200);
    assert.equal(set.body.maxQuantity, 3);
    const listed = (await publicGet(app, `/extras?serviceId=${hourly._id}`)).body.items.find((e: { _id: string }) => e._id === created._id);
    assert.equal(listed.maxQuantity, 3);
    for (const maxQuantity of [0, 101, 2.5, 1e9]) {
      const bad = await api.put(`/extras/${created._id}`, { maxQuantity });
      assert.equal(bad.status, 422, String(maxQuantity));
      assert.deepEqual(bad.body.fieldErrors, { maxQuantity: ["Maximum quantity must be a whole number from 1 to 100"] });
    }
    const customerApp = buildTestApp(db, { clock: fixedClock });
    const booking = (quantity: number) =>
      customerApp.request(send("POST", "/api/quotes", {}, draft({ extras: [{ extraId: created._id, quantity }] })));
    const over = await booking(4);
    assert.equal(over.status, 422);
    assert.deepEqual((await over.json()).fieldErrors, { "extras.0.quantity": ["Please choose at most 3 of this add-on."] });
    assert.equal((await booking(3)).status, 201);
  });

  await t.step("issue 13: prices over A$100,000 are field errors (1e10 overflowed the column: 500)", async () => {
    const message = ["Price must be A$100,000 or less"];
    assert.deepEqual((await api.post("/extras", { serviceId: hourly._id, title: "Gold", price: 1e10 })).body.fieldErrors, { price: message });
    const put = await api.put(`/extras/${created._id}`, { price: 1e10 });
    assert.equal(put.status, 422);
    assert.deepEqual(put.body.fieldErrors, { price: message });
    assert.equal((await api.put(`/extras/${created._id}`, { price: 100_000 })).body.price, 100_000);
  });

});

describeApi("staff catalogue: frequencies", async (t, _app, db) => {
  // A fixed clock so a booking can be made; the session is issued at that time too.
  const app = buildTestApp(db, { clock: fixedClock });
  const api = staff(app, (await adminSession(db, "admin", undefined, NOW)).headers);
  const oneTime = DEMO_FREQUENCIES.find((f) => f.code === "ONE_TIME")!;
  const weekly = DEMO_FREQUENCIES.find((f) => f.code === "WEEKLY")!;

  await t.step("GET lists them all", async () => {
    const { status, body } = await api.get("/frequencies");
    assert.equal(status, 200);
    assert.deepEqual(body.items, DEMO_FREQUENCIES);
  });

  await t.step("POST stores the code upper-case, and audits it", async () => {
    const { status, body } = await api.post("/frequencies", { name: "Every 3 weeks", code: "every_3_weeks", discountPercent: 7.5 });
    assert.equal(status, 201);
    assert.equal(body.code, "EVERY_3_WEEKS");
    assert.equal(body.discountPercent, 7.5);
    assert.ok((await publicGet(app, "/frequencies")).body.items.some((f: { code: string }) => f.code === "EVERY_3_WEEKS"));
    const [row] = await auditRows(db, "frequency.create");
    assert.deepEqual(row.after, body);
  });

  await t.step("POST: 409 CODE_TAKEN for a code in use, 422 for the rules", async () => {
    const dup = await api.post("/frequencies", { name: "Weekly again", code: "weekly" });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.code, "CODE_TAKEN");
    const bad = await api.post("/frequencies", { name: "", code: "no spaces", discountPercent: 150 });
    assert.equal(bad.status, 422);
    assert.deepEqual(bad.body.fieldErrors, {
      name: ["Name is required"],
      code: ["Code may use letters, numbers and underscores only"],
      discountPercent: ["Discount must be between 0 and 100"],
    });
  });

  await t.step("PUT ('Edit %') changes the discount; 404 unknown; 409 taken code", async () => {
    const { status, body } = await api.put(`/frequencies/${weekly._id}`, { discountPercent: 12 });
    assert.equal(status, 200);
    assert.deepEqual(body, { ...weekly, discountPercent: 12 });
    const [row] = await auditRows(db, "frequency.update");
    assert.deepEqual(row.before, weekly);
    assert.deepEqual(row.after, body);
    assert.deepEqual(await api.put(`/frequencies/${weekly._id}`, { discountPercent: 12 }), { status: 200, body });
    assert.equal((await auditRows(db, "frequency.update")).length, 1, "the same again writes no audit row (issue 34 item 17)");
    assert.equal((await api.put(`/frequencies/${crypto.randomUUID()}`, { discountPercent: 1 })).status, 404);
    const taken = await api.put(`/frequencies/${weekly._id}`, { code: "MONTHLY" });
    assert.equal(taken.status, 409);
    assert.equal(taken.body.code, "CODE_TAKEN");
    const negative = await api.put(`/frequencies/${weekly._id}`, { discountPercent: -1 });
    assert.deepEqual(negative.body.fieldErrors, { discountPercent: ["Discount must be between 0 and 100"] });
  });

  await t.step("ONE_TIME, the default, keeps its code and cannot be deleted (409)", async () => {
    const renamed = await api.put(`/frequencies/${oneTime._id}`, { code: "ONCE" });
    assert.equal(renamed.status, 409);
    assert.equal(renamed.body.code, "DEFAULT_FREQUENCY");
    assert.equal((await api.put(`/frequencies/${oneTime._id}`, { name: "Just once" })).status, 200);
    const deleted = await api.delete(`/frequencies/${oneTime._id}`);
    assert.equal(deleted.status, 409);
    assert.equal(deleted.body.code, "DEFAULT_FREQUENCY");
    assert.equal((await auditRows(db, "frequency.delete")).length, 0);
  });

  await t.step("ONE_TIME cannot be retired either (409)", async () => {
    const retired = await api.put(`/frequencies/${oneTime._id}`, { active: false });
    assert.equal(retired.status, 409);
    assert.equal(retired.body.code, "DEFAULT_FREQUENCY");
  });

  let booked: { _id: string; seriesId: string };
  await t.step("DELETE of a frequency in use: 409 FREQUENCY_IN_USE with the counts; nothing deleted, nothing audited", async () => {
    const answer = await json(await app.request(post("/api/bookings", draft({ frequencyCode: "WEEKLY" }))));
    assert.equal(answer.status, 201);
    booked = answer.body;
    const [use] = await db.sql<{ series: number; bookings: number }[]>`
      select (select count(*) from booking_series where frequency_code = 'WEEKLY')::int as series,
             (select count(*) from bookings where frequency_code = 'WEEKLY')::int as bookings`;
    // The first visit, its series, and the 8 visits it planned with it (issue 28).
    assert.deepEqual(use, { series: 1, bookings: 9 });
    const { status, body } = await api.delete(`/frequencies/${weekly._id}`);
    assert.equal(status, 409);
    assert.deepEqual(body, {
      error: "This frequency is used by 1 regular clean and 9 coming bookings, so it can’t be deleted. " +
        "Retire it instead: it leaves the booking form and they keep it.",
      code: "FREQUENCY_IN_USE",
      details: { series: 1, bookings: 9 },
    });
    assert.ok((await api.get("/frequencies")).body.items.some((f: { code: string }) => f.code === "WEEKLY"));
    assert.equal((await auditRows(db, "frequency.delete")).length, 0);
  });

  await t.step("retiring it (PUT active false) hides it from the booking form only; audited", async () => {
    const { status, body } = await api.put(`/frequencies/${weekly._id}`, { active: false });
    assert.equal(status, 200);
    assert.deepEqual(body, { ...weekly, discountPercent: 12, active: false });
    assert.ok(!(await publicGet(app, "/frequencies")).body.items.some((f: { code: string }) => f.code === "WEEKLY"));
    assert.ok((await api.get("/frequencies")).body.items.some((f: { code: string; active: boolean }) => f.code === "WEEKLY" && !f.active));
    const rows = await auditRows(db, "frequency.update");
    assert.deepEqual([rows.at(-1)!.before?.active, rows.at(-1)!.after?.active], [true, false]);
    const notBoolean = await api.put(`/frequencies/${weekly._id}`, { active: "no" });
    assert.equal(notBoolean.status, 422);
    assert.deepEqual(notBoolean.body.fieldErrors, { active: ["Active must be true or false"] });
  });

  await t.step("a frequency nothing uses deletes at once (204, audited; 404 again)", async () => {
    const unused = (await api.get("/frequencies")).body.items.find((f: { code: string }) => f.code === "EVERY_3_WEEKS");
    assert.equal((await api.delete(`/frequencies/${unused._id}`)).status, 204);
    const [row] = await auditRows(db, "frequency.delete");
    assert.equal(row.before?.code, "EVERY_3_WEEKS");
    assert.equal((await api.delete(`/frequencies/${unused._id}`)).status, 404);
  });

  await t.step("once its series ended and its bookings are over, DELETE removes it; past bookings keep their snapshot", async () => {
    await db.sql`update booking_series set status = 'ENDED' where frequency_code = 'WEEKLY'`;
    await db.sql`update bookings set status = 'CANCELLED' where series_id = ${booked.seriesId}`;
    const { status } = await api.delete(`/frequencies/${weekly._id}`);
    assert.equal(status, 204);
    assert.ok(!(await api.get("/frequencies")).body.items.some((f: { code: string }) => f.code === "WEEKLY"));
    const [booking] = await db.sql<{ frequency_code: string; frequency_discount_percent: string }[]>`
      select frequency_code, frequency_discount_percent from bookings where id = ${booked._id}`;
    assert.equal(booking.frequency_code, "WEEKLY");
    assert.equal(Number(booking.frequency_discount_percent), 12);
    assert.equal((await api.delete(`/frequencies/${weekly._id}`)).status, 404);
  });
});

describeApi("staff catalogue: questions", async (t, app, db) => {
  const api = staff(app, (await adminSession(db, "admin")).headers);
  const moveId = DEMO_SERVICE_IDS.moveInOut;
  let created: Record<string, unknown>;

  await t.step("POST trims, defaults order to 1, keeps options in order, and audits", async () => {
    const { status, body } = await api.post("/questions", {
      scope: "SERVICE", serviceId: moveId, text: "  Is the property empty? ", type: "SINGLE",
      helpText: " So we bring the right kit ", placeholder: "",
      options: [{ label: " Yes ", value: " yes " }, { label: "No", value: "no" }, { label: "Partly", value: "partly" }],
    });
    assert.equal(status, 201);
    created = body;
    assert.deepEqual({ ...body, _id: undefined }, {
      _id: undefined,
      scope: "SERVICE",
      serviceId: moveId,
      text: "Is the property empty?",
      type: "SINGLE",
      required: false,
      order: 1,
      helpText: "So we bring the right kit",
      placeholder: "",
      options: [{ label: "Yes", value: "yes" }, { label: "No", value: "no" }, { label: "Partly", value: "partly" }],
    });
    const [row] = await auditRows(db, "question.create");
    assert.deepEqual(row.after, { ...body, serviceName: DEMO_SERVICES.find((s) => s._id === moveId)!.name });
    const publicList = await publicGet(app, `/questions?serviceId=${moveId}`);
    assert.ok(publicList.body.items.some((q: { _id: string }) => q._id === body._id));
  });

  await t.step("POST: the spec's messages", async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ text: " ", type: "TEXT" }, { text: ["Question text is required"] }],
      [{ scope: "SERVICE", text: "Q", type: "TEXT" }, { serviceId: ["Select a service"] }],
      [{ scope: "SERVICE", serviceId: crypto.randomUUID(), text: "Q", type: "TEXT" }, { serviceId: ["Select a service"] }],
      [{ text: "Q", type: "SINGLE" }, { options: ["At least one option is required"] }],
      [{ text: "Q", type: "MULTI", options: [{ label: " ", value: "a" }] }, { options: ["Option label/value cannot be empty"] }],
      [{ text: "Q", type: "SINGLE", options: [{ label: "A", value: "a" }, { label: "B", value: " a" }] }, {
        options: ["Option values must be unique"],
      }],
      [{ text: "Q", type: "DATE" }, { type: ["Type must be SINGLE, MULTI or TEXT"] }],
    ];
    for (const [input, fieldErrors] of cases) {
      const { status, body } = await api.post("/questions", input);
      assert.equal(status, 422, JSON.stringify(input));
      assert.deepEqual(body.fieldErrors, fieldErrors, JSON.stringify(input));
    }
    assert.equal((await auditRows(db, "question.create")).length, 1);
  });

  await t.step("GET: GLOBAL plus the service's when asked, else all; unknown service 404", async () => {
    const globals = DEMO_QUESTIONS.filter((q) => q.scope === "GLOBAL").map((q) => q._id);
    const forMove = await api.get(`/questions?serviceId=${moveId}`);
    const expected = [...globals, ...DEMO_QUESTIONS.filter((q) => q.serviceId === moveId).map((q) => q._id), created._id];
    assert.deepEqual(forMove.body.items.map((q: { _id: string }) => q._id).sort(), [...expected].sort());
    assert.equal(forMove.body.items[0].scope, "GLOBAL", "global questions first");
    const all = await api.get("/questions");
    assert.equal(all.body.items.length, DEMO_QUESTIONS.length + 1);
    assert.equal((await api.get(`/questions?serviceId=${crypto.randomUUID()}`)).status, 404);
  });

  await t.step("PUT: make required; switch to TEXT drops the options; 404 unknown", async () => {
    const required = await api.put(`/questions/${created._id}`, { required: true });
    assert.equal(required.status, 200);
    assert.deepEqual(required.body, { ...created, required: true });
    const [row] = await auditRows(db, "question.update");
    assert.equal(row.before?.required, false);
    assert.equal(row.after?.required, true);
    assert.deepEqual(await api.put(`/questions/${created._id}`, { required: true }), required);
    assert.equal((await auditRows(db, "question.update")).length, 1, "the same again writes no audit row (issue 34 item 17)");
    const text = await api.put(`/questions/${created._id}`, { type: "TEXT", placeholder: " e.g. furniture left " });
    assert.deepEqual(text.body.options, []);
    assert.equal(text.body.placeholder, "e.g. furniture left");
    const choiceWithoutOptions = await api.put(`/questions/${created._id}`, { type: "MULTI" });
    assert.equal(choiceWithoutOptions.status, 422, "a TEXT question has no options to keep");
    assert.deepEqual(choiceWithoutOptions.body.fieldErrors, { options: ["At least one option is required"] });
    const global = await api.put(`/questions/${created._id}`, { scope: "GLOBAL", order: 9 });
    assert.equal(global.body.serviceId, null);
    assert.equal(global.body.order, 9);
    assert.equal((await api.put(`/questions/${crypto.randomUUID()}`, { required: true })).status, 404);
  });

  await t.step("DELETE removes it for good, audited", async () => {
    const { status } = await api.delete(`/questions/${created._id}`);
    assert.equal(status, 204);
    assert.equal(await db.sql`select 1 from question_options where question_id = ${created._id as string}`.then((r) => r.length), 0);
    const [row] = await auditRows(db, "question.delete");
    assert.equal(row.before?._id, created._id);
    assert.equal(row.after, null);
    assert.equal((await api.delete(`/questions/${created._id}`)).status, 404);
  });
});
