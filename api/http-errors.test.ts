import assert from "node:assert/strict";
import { Hono } from "hono";
import { DatabaseUnavailableError } from "../adapters/postgres/connection-guard.ts";
import { onError } from "./http-errors.ts";

/** What a thrown error becomes, through the one error mapper. */
async function answerTo(error: unknown) {
  const app = new Hono().get("/", () => {
    throw error;
  });
  app.onError(onError);
  const { warn, error: logError } = console;
  console.warn = console.error = () => {};
  try {
    const response = await app.request("/");
    return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.json() };
  } finally {
    Object.assign(console, { warn, error: logError });
  }
}

const withCode = (code: string, message = code) => Object.assign(new Error(message), { code });

Deno.test("onError: a database that is unreachable, silent or timing out is a 503 DATABASE_UNAVAILABLE with Retry-After", async () => {
  const unavailable = [
    withCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"),
    withCode("ECONNRESET"),
    withCode("CONNECT_TIMEOUT", "write CONNECT_TIMEOUT 10.0.0.5:5432"),
    withCode("CONNECTION_CLOSED"),
    withCode("CONNECTION_ENDED"),
    withCode("CONNECTION_DESTROYED"),
    new DatabaseUnavailableError("The database is unreachable; retrying shortly."),
    withCode("57014", "canceling statement due to statement timeout"),
    withCode("57P01", "terminating connection due to administrator command"),
    withCode("57P03", "the database system is starting up"),
    withCode("08006", "connection failure"),
    withCode("53300", "sorry, too many clients already"),
    new Error("could not save the booking", { cause: withCode("ECONNREFUSED") }),
  ];
  for (const error of unavailable) {
    const { status, retryAfter, body } = await answerTo(error);
    assert.equal(status, 503, error.message);
    assert.ok(Number(retryAfter) > 0, error.message);
    assert.equal(body.code, "DATABASE_UNAVAILABLE");
    assert.equal(typeof body.error, "string");
    assert.ok(!JSON.stringify(body).includes(error.message), "no internals in the body");
  }
});

Deno.test("onError: other unexpected errors stay a 500 INTERNAL_ERROR without internals", async () => {
  for (const error of [new TypeError("x is undefined"), withCode("23505", "duplicate key"), withCode("42P01", "relation does not exist")]) {
    const { status, retryAfter, body } = await answerTo(error);
    assert.equal(status, 500);
    assert.equal(retryAfter, null);
    assert.deepEqual(body, { error: "Something went wrong on our side. Please try again.", code: "INTERNAL_ERROR" });
  }
});
