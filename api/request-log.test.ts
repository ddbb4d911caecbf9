/** Issue 18: one JSON line per request, written off the request's path; LOG_REQUESTS=false: none. */
import assert from "node:assert/strict";
import { type AppDeps, buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { makeAppDeps } from "./app-deps.ts";
import { makeMailer } from "./mailer.ts";
import { TEST_JWT_SECRET, TEST_LIMITS } from "./test-app.ts";
import { describeOnTargets, type TestDatabase } from "../adapters/postgres/test-db.ts";
import { seedDemoData } from "../adapters/postgres/seed.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import { FLUSH_AFTER_MS, type LineWriter, loggedPath, makeLineWriter } from "./middleware/request-log.ts";
import { newManageToken } from "../core/booking/manage/token.ts";

/** A log that keeps what was written, batch by batch (by its timer, or held until flush()). */
function capturedLog(flushAfterMs = FLUSH_AFTER_MS) {
  const writes: string[] = [];
  const lines = makeLineWriter((text) => {
    writes.push(text);
    return Promise.resolve();
  }, { flushAfterMs });
  const logged = () => writes.join("").split("\n").filter(Boolean).map((line) => JSON.parse(line));
  return { lines, writes, logged };
}

function appWith(
  db: Pick<TestDatabase, "sql">,
  logRequests: boolean,
  logLines: LineWriter,
  failing = false,
  overrides: Partial<AppDeps> = {},
) {
  const deps = makeAppDeps(db.sql, {
    mailer: makeMailer(makeSettingsStore(db.sql)),
    jwtSecret: TEST_JWT_SECRET,
    tokenTtlHours: 12,
    sleep: () => Promise.resolve(),
  });
  return buildApp({
    ...deps,
    ...(failing ? { checkAvailability: () => Promise.reject(new Error("the check broke")) } : {}),
    limits: TEST_LIMITS,
    trustProxy: 1,
    logRequests,
    logLines,
    ...overrides,
  });
}

describeOnTargets("request log", async (t, db) => {
  await seedDemoData(db.sql);

  await t.step("one JSON line per request: method, path (no query), status, ms, request id", async () => {
    const { lines, writes, logged } = capturedLog(60_000);
    const app = appWith(db, true, lines);
    const first = await app.request("http://localhost/api/services?utm=x", { headers: { "x-request-id": "abc-123" } });
    assert.equal(first.headers.get("x-request-id"), "abc-123", "the caller's id is kept and echoed");
    await first.body?.cancel();
    const missing = await app.request("http://localhost/api/nope");
    const generated = missing.headers.get("x-request-id") ?? "";
    assert.match(generated, /^[0-9a-f-]{36}$/, "an id is made when none came");
    await missing.body?.cancel();
    assert.deepEqual(writes, [], "nothing written by the requests themselves");
    await lines.flush();
    assert.equal(writes.length, 1, "both lines in one write");
    const [services, nope] = logged();
    assert.deepEqual(Object.keys(services), ["time", "level", "method", "path", "status", "ms", "requestId"]);
    assert.deepEqual(
      { ...services, time: undefined, ms: undefined },
      { time: undefined, level: "info", method: "GET", path: "/api/services", status: 200, ms: undefined, requestId: "abc-123" },
    );
    assert.ok(typeof services.ms === "number" && services.ms >= 0);
    assert.ok(!Number.isNaN(Date.parse(services.time)));
    assert.deepEqual([nope.path, nope.status, nope.requestId], ["/api/nope", 404, generated]);
  });

  await t.step("lines are written by a timer a few milliseconds later, without a flush", async () => {
    const { lines, logged } = capturedLog();
    const app = appWith(db, true, lines);
    await (await app.request("http://localhost/api/frequencies")).body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, FLUSH_AFTER_MS * 5));
    assert.deepEqual(logged().map((line) => line.path), ["/api/frequencies"]);
  });

  await t.step("a refused request is logged too (bad Host: 400)", async () => {
    const { lines, logged } = capturedLog();
    const app = appWith(db, true, lines);
    await (await app.request("http://localhost/api/services", { headers: { host: "bad host/" } })).body?.cancel();
    await lines.flush();
    assert.deepEqual(logged().map((line) => line.status), [400]);
  });

  await t.step("an unexpected error: a 500 line, and onError's line with the stack and the same id", async () => {
    const { lines, logged } = capturedLog();
    const app = appWith(db, true, lines, true);
    const errors: string[] = [];
    const original = console.error;
    console.error = (line: string) => errors.push(line);
    try {
      const response = await app.request("http://localhost/api/availability/check", {
        method: "POST",
        headers: { "content-type": "application/json", "x-request-id": "boom-1" },
        body: JSON.stringify({ startTimeISO: "2027-03-02T09:00:00+11:00" }),
      });
      assert.equal(response.status, 500);
      await response.body?.cancel();
    } finally {
      console.error = original;
    }
    await lines.flush();
    assert.deepEqual(logged().map((line) => [line.level, line.status, line.requestId]), [["error", 500, "boom-1"]]);
    assert.equal(errors.length, 1);
    const error = JSON.parse(errors[0]);
    assert.equal(error.requestId, "boom-1");
    assert.equal(error.message, "the check broke");
    assert.match(error.stack, /Error: the check broke\n\s+at /);
  });

  await t.step("issue 29: a token in a path or a query string is never written, neither by the log nor by onError", async () => {
    const { lines, writes, logged } = capturedLog();
    const deps = makeAppDeps(db.sql, {
      mailer: makeMailer(makeSettingsStore(db.sql)),
      jwtSecret: TEST_JWT_SECRET,
      tokenTtlHours: 12,
      sleep: () => Promise.resolve(),
    });
    // The view breaks unexpectedly (its 500 line and onError's line both name the path).
    const broken = { ...deps.manage, view: () => Promise.reject(new Error("the view broke")) };
    const app = appWith(db, true, lines, false, { manage: broken });
    const tokens = Array.from({ length: 10 }, () => newManageToken().token);
    const json = { "content-type": "application/json" };
    const calls: [string, string, string, RequestInit?][] = [
      ["GET", `/api/manage/${tokens[0]}`, "/api/manage/:token"],
      ["POST", `/api/manage/${tokens[1]}/cancel`, "/api/manage/:token/cancel", { headers: json, body: "{}" }],
      ["GET", `/api/manage/${tokens[2]}/availability?from=2026-12-01&to=2026-12-02&token=${tokens[3]}`, "/api/manage/:token/availability"],
      ["GET", `/manage/${tokens[4]}`, "/manage/:token"],
      ["GET", `/manage/${tokens[5]}/cancel`, "/manage/:token/cancel"],
      ["GET", `/api/feedback/${tokens[6]}`, "/api/feedback/:token"],
      ["GET", `/admin/set-password/${tokens[9]}`, "/admin/set-password/:token"],
      ["GET", `/api/services?token=${tokens[7]}&key=${tokens[8]}`, "/api/services"],
    ];
    const errors: string[] = [];
    const original = console.error;
    console.error = (line: string) => errors.push(line);
    try {
      for (const [method, path, , init] of calls) {
        await (await app.request(`http://localhost${path}`, { method, ...init })).body?.cancel();
      }
    } finally {
      console.error = original;
    }
    await lines.flush();
    assert.deepEqual(logged().map((line) => [line.method, line.path]), calls.map(([method, , path]) => [method, path]));
    assert.equal(logged()[0].status, 500, "the broken view was answered, and logged, as a 500");
    assert.equal(errors.length, 1);
    assert.equal(JSON.parse(errors[0]).path, "/api/manage/:token");
    const everything = writes.join("") + errors.join("\n");
    for (const token of tokens) assert.ok(!everything.includes(token), `token ${token} was written`);
  });

  await t.step("LOG_REQUESTS=false writes nothing", async () => {
    const { lines, writes } = capturedLog();
    const app = appWith(db, loadConfig({ LOG_REQUESTS: "false" }).LOG_REQUESTS, lines);
    await (await app.request("http://localhost/api/services")).body?.cancel();
    await (await app.request("http://localhost/api/nope")).body?.cancel();
    await lines.flush();
    await new Promise((resolve) => setTimeout(resolve, FLUSH_AFTER_MS * 2));
    assert.deepEqual(writes, []);
    assert.equal(loadConfig({}).LOG_REQUESTS, true, "on unless turned off");
  });

  await t.step("an output that stops taking lines never holds a request, nor piles up writes", async () => {
    const writes: string[] = [];
    // The first write never finishes (a full pipe); later ones queue behind it.
    const stuck = makeLineWriter((text) => {
      writes.push(text);
      return new Promise(() => {});
    }, { maxLines: 3 });
    const app = appWith(db, true, stuck);
    for (let i = 0; i < 6; i++) {
      const response = await app.request("http://localhost/api/frequencies");
      assert.equal(response.status, 200);
      await response.body?.cancel();
    }
    // Not awaited: the stuck write never finishes. Its call starts on the next tick.
    stuck.flush();
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert.equal(writes.length, 1, "one write under way");
    for (let i = 0; i < 2; i++) await (await app.request("http://localhost/api/frequencies")).body?.cancel();
    stuck.flush();
    await new Promise((resolve) => setTimeout(resolve, FLUSH_AFTER_MS * 2));
    assert.equal(writes.length, 1, "the next batch waits for the stuck write");
  });
});

Deno.test("line writer: the lines dropped while the output was stuck are reported in the next batch", async () => {
  const writes: string[] = [];
  const lines = makeLineWriter((text) => {
    writes.push(text);
    return Promise.resolve();
  }, { maxLines: 2 });
  for (const n of [1, 2, 3, 4]) lines.push(`{"n":${n}}`);
  await lines.flush();
  const written = writes.join("").split("\n").filter(Boolean).map((line) => JSON.parse(line));
  assert.deepEqual(written.slice(0, 2), [{ n: 1 }, { n: 2 }]);
  assert.equal(written[2].level, "warn");
  assert.match(written[2].message, /2 lines dropped/);
});

Deno.test("line writer: a failing output loses its lines, never throws to the caller", async () => {
  let calls = 0;
  const lines = makeLineWriter(() => {
    calls++;
    return Promise.reject(new Error("EPIPE"));
  });
  lines.push("{}");
  await lines.flush();
  lines.push("{}");
  await lines.flush();
  assert.equal(calls, 2);
});

Deno.test("logged path: token-bearing paths lose their token in any spelling; other paths and staff ids stay", () => {
  const cases: [string, string][] = [
    ["/api/manage/abc_DEF-123", "/api/manage/:token"],
    ["/api/manage/abc/reschedule", "/api/manage/:token/reschedule"],
    ["/manage/abc/", "/manage/:token/"],
    ["//api//Manage/abc/cancel", "//api//Manage/:token/cancel"],
    ["/api/manage%2Fabc%2Fcancel", "/api/manage%2F:token%2Fcancel"],
    ["/api/quotes/abc", "/api/quotes/:token"],
    ["/invoices/abc/pdf", "/invoices/:token/pdf"],
    ["/api/manage/abc?token=abc", "/api/manage/:token"],
    ["/api/services?token=abc#x", "/api/services"],
    ["/api/quotes", "/api/quotes"],
    ["/api/manage", "/api/manage"],
    ["/api/admin/quotes/7f0c", "/api/admin/quotes/7f0c"],
    ["/api/admin/bookings/7f0c/status", "/api/admin/bookings/7f0c/status"],
    ["/services/domestic", "/services/domestic"],
  ];
  for (const [path, logged] of cases) assert.equal(loggedPath(path), logged, path);
});
