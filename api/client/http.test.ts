import assert from "node:assert/strict";
import { ERROR_CODES } from "../../core/shared/error-codes.ts";
import { ApiError, createApiClient, CSRF_HEADER, type ErrorCode, itemsOf, withQuery } from "./http.ts";

interface Call {
  url: string;
  init: RequestInit;
}

/** A fetch stub that records calls and answers with the given response. */
function stubFetch(answer: () => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = ((input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    return Promise.resolve(answer());
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function rejectsWith(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ApiError, `expected ApiError, got ${error}`);
    return error;
  }
  assert.fail("expected the call to fail");
}

Deno.test("client: attaches the bearer token an integrator gives it", async () => {
  const { fetch, calls } = stubFetch(() => json({ ok: true }));
  const client = createApiClient({ fetch, getToken: () => "abc.def.ghi" });
  await client.get("/api/services");
  const headers = new Headers(calls[0].init.headers);
  assert.equal(headers.get("Authorization"), "Bearer abc.def.ghi");
  assert.equal(headers.get("Accept"), "application/json");
  assert.equal(calls[0].init.method, "GET");
});

Deno.test("client: no Authorization header without a token", async () => {
  const { fetch, calls } = stubFetch(() => json({}));
  await createApiClient({ fetch, getToken: () => null }).get("/api/content");
  assert.equal(new Headers(calls[0].init.headers).get("Authorization"), null);
});

Deno.test("client: by default no bearer token (the browser's session cookie), same-origin credentials", async () => {
  const { fetch, calls } = stubFetch(() => json({}));
  // No document in Deno: reading the CSRF cookie must not throw either.
  await createApiClient({ fetch }).post("/api/admin/content", {});
  const headers = new Headers(calls[0].init.headers);
  assert.equal(headers.get("Authorization"), null);
  assert.equal(headers.get(CSRF_HEADER), null);
  assert.equal(calls[0].init.credentials, "same-origin");
});

Deno.test("client: writes echo the CSRF token in X-CSRF-Token, reads do not", async () => {
  const { fetch, calls } = stubFetch(() => json({}));
  const client = createApiClient({ fetch, getCsrfToken: () => "csrf-value" });
  await client.get("/api/admin/me");
  await client.post("/api/auth/logout");
  await client.put("/a", {});
  await client.patch("/b", {});
  await client.delete("/c");
  assert.deepEqual(
    calls.map((c) => new Headers(c.init.headers).get("X-CSRF-Token")),
    [null, "csrf-value", "csrf-value", "csrf-value", "csrf-value"],
  );
});

Deno.test("client: sends JSON bodies and parses JSON answers", async () => {
  const { fetch, calls } = stubFetch(() => json({ token: "t", user: { email: "a@b.co" } }, 200));
  const client = createApiClient({ fetch, baseUrl: "https://api.example/", getToken: () => null });
  const result = await client.post<{ token: string }>("/api/auth/login", {
    email: "a@b.co",
    password: "pw",
  });
  assert.equal(result.token, "t");
  assert.equal(calls[0].url, "https://api.example/api/auth/login");
  assert.equal(calls[0].init.method, "POST");
  assert.equal(calls[0].init.body, JSON.stringify({ email: "a@b.co", password: "pw" }));
  assert.equal(new Headers(calls[0].init.headers).get("Content-Type"), "application/json");
});

Deno.test("client: put, patch and delete use their methods", async () => {
  const { fetch, calls } = stubFetch(() => new Response(null, { status: 204 }));
  const client = createApiClient({ fetch, getToken: () => null });
  assert.equal(await client.put("/a", { x: 1 }), undefined);
  await client.patch("/b", { y: 2 });
  await client.delete("/c");
  assert.deepEqual(calls.map((c) => c.init.method), ["PUT", "PATCH", "DELETE"]);
  assert.equal(calls[2].init.body, undefined);
});

Deno.test("client: query parameters are appended, empty ones left out", async () => {
  const { fetch, calls } = stubFetch(() => json([]));
  await createApiClient({ fetch, getToken: () => null }).get("/api/extras", {
    query: { serviceId: "s1", includeDeleted: false, missing: undefined },
  });
  assert.equal(calls[0].url, "/api/extras?serviceId=s1&includeDeleted=false");
  assert.equal(withQuery("/x?a=1", { b: 2 }), "/x?a=1&b=2");
  assert.equal(withQuery("/x", {}), "/x");
});

Deno.test("client: list accepts { items } and a bare array", async () => {
  const items = [{ _id: "1" }, { _id: "2" }];
  const wrapped = stubFetch(() => json({ items, page: 1 }));
  assert.deepEqual(await createApiClient({ fetch: wrapped.fetch }).list("/api/services"), items);
  const bare = stubFetch(() => json(items));
  assert.deepEqual(await createApiClient({ fetch: bare.fetch }).list("/api/services"), items);
});

Deno.test("itemsOf: items, arrays and junk", () => {
  assert.deepEqual(itemsOf({ items: [1] }), [1]);
  assert.deepEqual(itemsOf([2]), [2]);
  assert.deepEqual(itemsOf(null), []);
  assert.deepEqual(itemsOf({ items: "no" }), []);
});

Deno.test("client: a 4xx throws ApiError with the catalogue entry and server fields", async () => {
  const { fetch } = stubFetch(() =>
    json({
      error: "That time is no longer available.",
      code: "SLOT_UNAVAILABLE",
      details: { startTimeISO: "2030-01-01T00:00:00Z" },
    }, 409)
  );
  const error = await rejectsWith(createApiClient({ fetch }).post("/api/bookings", {}));
  assert.equal(error.status, 409);
  assert.equal(error.title, "Conflict");
  assert.equal(error.text, "That item already exists or was updated elsewhere.");
  assert.equal(error.code, "SLOT_UNAVAILABLE");
  assert.equal(error.serverMessage, "That time is no longer available.");
  assert.deepEqual(error.details, { startTimeISO: "2030-01-01T00:00:00Z" });
  assert.equal(error.message, "That time is no longer available.");
  assert.equal(error.isNetworkError, false);
});

Deno.test("client: ApiError's code is core's union, so a screen's switch is checked by the compiler", async () => {
  const { fetch } = stubFetch(() => json({ error: "Taken", code: "SLOT_UNAVAILABLE" }, 409));
  const error = await rejectsWith(createApiClient({ fetch }).post("/api/bookings", {}));
  const code: ErrorCode | undefined = error.code;
  const handled = (() => {
    switch (code) {
      case "SLOT_UNAVAILABLE":
        return "back to the schedule";
      default:
        return "banner";
    }
  })();
  assert.equal(handled, "back to the schedule");
  assert.ok((ERROR_CODES as readonly string[]).includes("SLOT_UNAVAILABLE"));
});

Deno.test("client: a 422 keeps field errors", async () => {
  const { fetch } = stubFetch(() =>
    json({ error: "Fix it", code: "VALIDATION_FAILED", fieldErrors: { email: ["Bad"] } }, 422)
  );
  const error = await rejectsWith(createApiClient({ fetch }).post("/api/quotes", {}));
  assert.equal(error.title, "Validation error");
  assert.deepEqual(error.fieldErrors, { email: ["Bad"] });
});

Deno.test("client: a 400 shows the server's message as text", async () => {
  const { fetch } = stubFetch(() => json({ error: "Malformed JSON", code: "BAD_JSON" }, 400));
  const error = await rejectsWith(createApiClient({ fetch }).post("/api/bookings", {}));
  assert.equal(error.title, "Bad request");
  assert.equal(error.text, "Malformed JSON");
});

Deno.test("client: a 5xx with a non-JSON body throws a Server error", async () => {
  const { fetch } = stubFetch(() =>
    new Response("<html>upstream down</html>", {
      status: 503,
      headers: { "content-type": "text/html" },
    })
  );
  const error = await rejectsWith(createApiClient({ fetch }).get("/api/services"));
  assert.equal(error.status, 503);
  assert.equal(error.title, "Server error");
  assert.equal(error.serverMessage, undefined);
});

Deno.test("client: a 2xx with unreadable JSON throws instead of returning junk", async () => {
  const { fetch } = stubFetch(() =>
    new Response("{not json", { status: 200, headers: { "content-type": "application/json" } })
  );
  const error = await rejectsWith(createApiClient({ fetch }).get("/api/services"));
  assert.equal(error.title, "Server error");
  assert.equal(error.status, 200);
});

Deno.test("client: a network failure throws ApiError 'Network error'", async () => {
  const fetch = (() => Promise.reject(new TypeError("Failed to fetch"))) as typeof globalThis.fetch;
  const error = await rejectsWith(createApiClient({ fetch }).get("/api/services"));
  assert.equal(error.title, "Network error");
  assert.equal(error.text, "Check your internet connection and try again.");
  assert.equal(error.status, undefined);
  assert.equal(error.isNetworkError, true);
  assert.ok(error.cause instanceof TypeError);
});

Deno.test("client: a caller's abort is passed through untouched", async () => {
  const fetch =
    (() => Promise.reject(new DOMException("aborted", "AbortError"))) as typeof globalThis.fetch;
  await assert.rejects(createApiClient({ fetch }).get("/x"), (error: unknown) => {
    assert.ok(!(error instanceof ApiError));
    assert.equal((error as DOMException).name, "AbortError");
    return true;
  });
});
