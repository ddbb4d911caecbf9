/**
 * /api/docs (issue 20, integrators): Swagger UI from this origin only, with a CSP of its own; and
 * an OpenAPI document it can render usefully: examples that the server's own schemas accept,
 * the error body with an example on every error answer, the bearer scheme, a relative server.
 */
import assert from "node:assert/strict";
import { gunzipSync } from "node:zlib";
import type { z } from "zod";
import { describeApi, type TestApp } from "./test-app.ts";
import { DOCS_CONTENT_SECURITY_POLICY } from "./docs.ts";
import { ErrorBodySchema } from "../core/shared/error-codes.ts";
import { availabilityResultSchema, availabilitySchema, bookingRecordSchema } from "../core/booking/schemas.ts";
import { inquiryRecordSchema, inquirySchema } from "../core/inquiry/schemas.ts";
import { loginResultSchema, loginSchema } from "../core/admin/schemas.ts";

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  allOf?: JsonSchema[];
  example?: unknown;
  examples?: unknown[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
}

interface Operation {
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema; example?: unknown }> }>;
  security?: Record<string, string[]>[];
  "x-required-role"?: string;
}

interface OpenApi {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, Record<string, string>> };
}

/**
 * The example a reader (and the try-it console) gets from the document alone: the schema's own,
 * else its properties' (arrays without one are empty). Required leaves without one are listed.
 */
function exampleOf(doc: OpenApi, schema: JsonSchema, missing: string[], path = "body"): unknown {
  const s = schema.$ref ? doc.components.schemas[schema.$ref.replace("#/components/schemas/", "")] : schema;
  if ("example" in s) return s.example;
  if (s.examples?.length) return s.examples[0];
  if ("const" in s) return s.const;
  if ("default" in s) return s.default;
  if (s.enum?.length) return s.enum[0];
  if (s.properties) {
    const required = new Set(s.required ?? []);
    const entries = Object.entries(s.properties).map(([name, property]) =>
      [name, exampleOf(doc, property, required.has(name) ? missing : [], `${path}.${name}`)] as const
    );
    return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
  }
  if (s.items) return [];
  missing.push(path);
  return undefined;
}

async function openApi(app: TestApp): Promise<OpenApi> {
  const res = await app.request("/api/openapi.json");
  assert.equal(res.status, 200);
  return await res.json();
}

const operation = (doc: OpenApi, method: string, path: string) => {
  const op = doc.paths[path]?.[method];
  assert.ok(op, `${method.toUpperCase()} ${path} is documented`);
  return op;
};

/** The attribute URLs of a page: every src and href. */
const urlsIn = (html: string) => [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1]);

const CONTENT_TYPES: Record<string, RegExp> = {
  js: /^text\/javascript; charset=utf-8$/,
  css: /^text\/css; charset=utf-8$/,
  png: /^image\/png$/,
};

describeApi("/api/docs: Swagger UI from this origin", async (t, app) => {
  const page = await app.request("/api/docs");
  const html = await page.text();
  const assets = urlsIn(html).filter((url) => url.startsWith("/api/docs/assets/"));

  await t.step("an HTML page that loads only files of this origin, with no inline script or style", () => {
    assert.equal(page.status, 200);
    assert.match(page.headers.get("content-type") ?? "", /^text\/html/);
    assert.equal(page.headers.get("cache-control"), "no-cache");
    assert.match(html, /<title>Yarra Shine Cleaning API reference<\/title>/);
    assert.match(html, /<div id="swagger-ui"><\/div>/);
    for (const url of urlsIn(html)) {
      assert.match(url, /^\/(?!\/)/, `${url} is a path on this origin`);
    }
    assert.deepEqual(
      assets.map((url) => url.replace(/\.[0-9a-f]{12}\./, ".")).sort(),
      ["docs-init.js", "favicon-32x32.png", "index.css", "swagger-ui-bundle.js", "swagger-ui.css"].map((name) => `/api/docs/assets/${name}`),
      "each file's name carries its content hash",
    );
    assert.equal(html.match(/<script\b/g)?.length, 2);
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, "no inline script");
    assert.doesNotMatch(html, /<style\b|\bstyle=|\son[a-z]+=/i, "no inline style or handler");
    assert.match(html, /<noscript>.*href="\/api\/openapi.json"/s);
  });

  await t.step("the page's own CSP: this origin only, nothing inline, no framing", () => {
    const csp = page.headers.get("content-security-policy") ?? "";
    assert.equal(csp, DOCS_CONTENT_SECURITY_POLICY);
    const directives = new Map(csp.split(";").map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources] as const;
    }));
    assert.deepEqual(directives.get("default-src"), ["'none'"]);
    for (const name of ["script-src", "style-src", "connect-src", "font-src"]) {
      assert.deepEqual(directives.get(name), ["'self'"], name);
    }
    assert.deepEqual(directives.get("img-src"), ["'self'", "data:"]);
    assert.deepEqual(directives.get("frame-ancestors"), ["'none'"]);
    assert.doesNotMatch(csp, /unsafe|https?:|\*/);
  });

  await t.step("the rest of the site keeps its own policy", async () => {
    // The API's JSON answers: a policy that allows nothing; pages: the site's.
    for (const path of ["/api/health", "/api/openapi.json"]) {
      const res = await app.request(path);
      await res.body?.cancel();
      assert.equal(res.headers.get("content-security-policy"), "default-src 'none'; frame-ancestors 'none'", path);
    }
    const page = await app.request("/no-such-page");
    await page.body?.cancel();
    const csp = page.headers.get("content-security-policy") ?? "";
    assert.notEqual(csp, DOCS_CONTENT_SECURITY_POLICY);
    assert.match(csp, /frame-src https:\/\/www\.google\.com/);
  });

  await t.step("every file answers 200 with its content type, cached for good, text gzipped", async () => {
    for (const url of assets) {
      const plain = await app.request(url);
      const body = new Uint8Array(await plain.arrayBuffer());
      assert.equal(plain.status, 200, url);
      assert.match(plain.headers.get("content-type") ?? "", CONTENT_TYPES[url.split(".").pop()!], url);
      assert.equal(plain.headers.get("cache-control"), "public, max-age=31536000, immutable", url);
      assert.equal(plain.headers.get("content-encoding"), null, url);
      assert.ok(body.length > 0, url);
      const zipped = await app.request(url, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
      const zippedBody = new Uint8Array(await zipped.arrayBuffer());
      if (url.endsWith(".png")) {
        assert.deepEqual(zippedBody, body, url);
        continue;
      }
      assert.equal(zipped.headers.get("content-encoding"), "gzip", url);
      assert.equal(zipped.headers.get("vary"), "Accept-Encoding", url);
      assert.deepEqual(new Uint8Array(gunzipSync(zippedBody)), body, url);
      assert.ok(zippedBody.length < body.length, url);
    }
  });

  await t.step("the files are Swagger UI's, started on this server's document", async () => {
    const text = async (name: string) => await (await app.request(assets.find((url) => url.includes(`/${name}.`))!)).text();
    assert.match(await text("swagger-ui-bundle"), /SwaggerUIBundle/);
    assert.match(await text("swagger-ui"), /\.swagger-ui/);
    assert.doesNotMatch(await text("swagger-ui"), /sourceMappingURL/, "no pointer to a map that is not served");
    const init = await text("docs-init");
    assert.match(init, /SwaggerUIBundle\(/);
    assert.match(init, /"url": "\/api\/openapi\.json"/);
    assert.match(init, /"validatorUrl": null/, "the document is never sent to swagger.io");
  });

  await t.step("an unknown file is the API's 404", async () => {
    for (const url of ["/api/docs/assets/swagger-ui-bundle.js", "/api/docs/assets/../openapi.json.js", "/api/docs/nothing"]) {
      const res = await app.request(url);
      assert.equal(res.status, 404, url);
      assert.equal((await res.json()).code, "NOT_FOUND", url);
    }
  });
});

describeApi("/api/openapi.json: what the reference renders", async (t, app) => {
  const doc = await openApi(app);
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op }))
  );

  await t.step("a relative server, so the try-it console calls the page's own origin", () => {
    assert.deepEqual(doc.servers, [{ url: "/" }]);
  });

  await t.step("the bearer scheme, on exactly the staff calls", () => {
    assert.deepEqual(
      { type: doc.components.securitySchemes.bearerAuth.type, scheme: doc.components.securitySchemes.bearerAuth.scheme },
      { type: "http", scheme: "bearer" },
    );
    assert.match(doc.components.securitySchemes.bearerAuth.description, /POST \/api\/auth\/login/);
    for (const { name, op } of operations) {
      const staff = op["x-required-role"] !== "public";
      assert.deepEqual(op.security, staff ? [{ bearerAuth: [] }] : undefined, name);
    }
    assert.ok(operations.some(({ op }) => op.security), "some calls are staff calls");
  });

  await t.step("every error answer is the one error body, with an example it accepts", () => {
    let checked = 0;
    for (const { name, op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400 || !response.content) continue;
        const media = response.content["application/json"];
        if (`${name} ${status}` === "GET /api/health 503") {
          // The health probe's answer adds its checks to the error body.
          assert.deepEqual(doc.components.schemas.HealthDown.required, ["error", "code", "status", "database"]);
          continue;
        }
        // The one body (a reference), narrowed to the codes this answer can carry, each listed in
        // the description with its text; the example is one of them.
        const [body, narrowed] = media?.schema.allOf ?? [];
        assert.equal(body?.$ref, "#/components/schemas/Error", `${name} ${status}`);
        const codes = (narrowed?.properties?.code?.enum ?? []) as string[];
        assert.ok(codes.length > 0, `${name} ${status} names its codes`);
        const example = ErrorBodySchema.parse(media.example);
        assert.ok(codes.includes(example.code), `${name} ${status}: the example's code is declared`);
        for (const code of codes) assert.ok(response.description.includes(`\`${code}\`: `), `${name} ${status} describes ${code}`);
        checked++;
      }
    }
    assert.ok(checked > 100, `${checked} error answers checked`);
    const validation = operation(doc, "post", "/api/bookings").responses["422"].content!["application/json"].example;
    assert.deepEqual(Object.keys(ErrorBodySchema.parse(validation).fieldErrors ?? {}), ["email", "address.postCode"]);
    const error = doc.components.schemas.Error;
    assert.deepEqual(error.required?.sort(), ["code", "error"]);
    assert.deepEqual(Object.keys(error.properties ?? {}).sort(), ["code", "details", "error", "fieldErrors"]);
  });

  /** The main calls: the request and success bodies their examples build, and the schemas the server checks them with. */
  const MAIN_CALLS: { method: string; path: string; request?: z.ZodType; status: string; response: z.ZodType }[] = [
    { method: "post", path: "/api/availability/check", request: availabilitySchema, status: "200", response: availabilityResultSchema },
    { method: "post", path: "/api/inquiries", request: inquirySchema, status: "201", response: inquiryRecordSchema },
    { method: "post", path: "/api/auth/login", request: loginSchema, status: "200", response: loginResultSchema },
    { method: "post", path: "/api/bookings", status: "201", response: bookingRecordSchema },
    { method: "post", path: "/api/quotes", status: "201", response: bookingRecordSchema },
  ];

  await t.step("the main calls' request examples are complete and pass the server's own schemas", () => {
    for (const call of MAIN_CALLS.filter((c) => c.request)) {
      const missing: string[] = [];
      const body = operation(doc, call.method, call.path).requestBody!.content["application/json"].schema;
      const example = exampleOf(doc, body, missing);
      assert.deepEqual(missing, [], `${call.path}: required fields without an example`);
      const parsed = call.request!.safeParse(example);
      assert.ok(parsed.success, `${call.path}: ${JSON.stringify(parsed.error?.issues)}`);
    }
  });

  await t.step("the booking and quote drafts show examples for the customer, the address, the time and the frequency", () => {
    for (const path of ["/api/bookings", "/api/quotes"]) {
      const body = operation(doc, "post", path).requestBody!.content["application/json"].schema;
      const { firstName, lastName, email, phone, address, startTimeISO, frequencyCode } = exampleOf(doc, body, []) as Record<string, unknown>;
      assert.deepEqual(
        { firstName, lastName, email, phone, address, startTimeISO, frequencyCode },
        {
          firstName: "Ada",
          lastName: "Lovelace",
          email: "ada@example.com",
          phone: "0412 345 678",
          address: { unit: "4", street: "12 Smith St", suburb: "Fitzroy", state: "VIC", postCode: "3065" },
          startTimeISO: "2026-12-01T09:00:00+11:00",
          frequencyCode: "WEEKLY",
        },
        path,
      );
    }
  });

  await t.step("the main calls' answers have examples the server's own schemas accept", () => {
    for (const call of MAIN_CALLS) {
      const missing: string[] = [];
      const schema = operation(doc, call.method, call.path).responses[call.status].content!["application/json"].schema;
      const example = exampleOf(doc, schema, missing);
      assert.deepEqual(missing, [], `${call.path} ${call.status}: fields without an example`);
      const parsed = call.response.safeParse(example);
      assert.ok(parsed.success, `${call.path} ${call.status}: ${JSON.stringify(parsed.error?.issues)}`);
    }
  });

  await t.step("the inquiry example, sent as it stands (as try-it would), is accepted", async () => {
    const body = operation(doc, "post", "/api/inquiries").requestBody!.content["application/json"].schema;
    const res = await app.request("/api/inquiries", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(exampleOf(doc, body, [])),
    });
    assert.equal(res.status, 201, await res.clone().text());
    const created = inquiryRecordSchema.parse(await res.json());
    assert.equal(created.email, "grace@example.com");
  });
});
