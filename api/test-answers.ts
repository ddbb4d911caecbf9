/**
 * Calls the test app and checks the real answer against the route's declaration: the status
 * must be one the route declares, and the body must match that status's schema and content type.
 */
import type { z } from "zod";
import type { TestApp } from "./test-app.ts";

export type DeclaredRoute = ReturnType<TestApp["declaredRoutes"]>[number];

/** "GET /api/services/{id}": how a declaration is named in messages and coverage. */
export const routeName = (route: Pick<DeclaredRoute, "method" | "path">) => `${route.method.toUpperCase()} ${route.path}`;

const templates = new WeakMap<TestApp, { route: DeclaredRoute; pattern: RegExp; params: number }[]>();

/** The declaration that answers `method path` (query ignored), the most literal one first. */
export function declarationOf(app: TestApp, method: string, path: string): DeclaredRoute | undefined {
  let compiled = templates.get(app);
  if (!compiled) {
    compiled = app.declaredRoutes().map((route) => ({
      route,
      pattern: new RegExp(
        `^${route.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^/}]+\}/g, "[^/]+")}$`,
      ),
      params: (route.path.match(/\{/g) ?? []).length,
    })).sort((a, b) => a.params - b.params);
    templates.set(app, compiled);
  }
  const pathname = new URL(path, "http://localhost").pathname;
  return compiled.find((t) => t.route.method === method.toLowerCase() && t.pattern.test(pathname))?.route;
}

export interface CheckedAnswer {
  route: DeclaredRoute;
  status: number;
  /** Parsed JSON, the text of a text/* answer, or null when the answer has no body. */
  body: unknown;
  headers: Headers;
}

export interface CallInit {
  /** Sent as JSON, or as is when a string. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** The plain request, unchecked. */
export const send = (app: TestApp, method: string, path: string, { body, headers = {} }: CallInit = {}) =>
  app.request(
    new Request(new URL(path, "http://localhost"), {
      method: method.toUpperCase(),
      headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    }),
  );

const isZod = (schema: unknown): schema is z.ZodType =>
  typeof (schema as z.ZodType | undefined)?.safeParse === "function";

/** Keys the server sent that the schema does not declare (zod strips them, so they would pass unseen). */
function undeclaredKeys(sent: unknown, declared: unknown, at = ""): string[] {
  if (Array.isArray(sent) && Array.isArray(declared)) {
    return sent.flatMap((item, i) => undeclaredKeys(item, declared[i], `${at}[]`));
  }
  if (sent && declared && typeof sent === "object" && typeof declared === "object") {
    return Object.entries(sent).flatMap(([key, value]) =>
      key in declared
        ? undeclaredKeys(value, (declared as Record<string, unknown>)[key], at ? `${at}.${key}` : key)
        : [at ? `${at}.${key}` : key]
    );
  }
  return [];
}

/** Why `body` does not fit `schema`, or undefined when it does. */
function mismatch(schema: z.ZodType, body: unknown): string | undefined {
  const parsed = schema.safeParse(body);
  if (!parsed.success) return JSON.stringify(parsed.error.issues);
  const extra = undeclaredKeys(body, parsed.data);
  return extra.length ? `undeclared keys ${[...new Set(extra)].join(", ")}` : undefined;
}

/**
 * One request through `app.request()`, checked against its declaration; throws, naming the
 * route, status and the schema's complaint, when the answer is not what the document says.
 */
export async function checkedRequest(
  app: TestApp,
  method: string,
  path: string,
  init: CallInit = {},
): Promise<CheckedAnswer> {
  const route = declarationOf(app, method, path);
  if (!route) throw new Error(`${method.toUpperCase()} ${path}: no declared route answers it`);
  const response = await send(app, method, path, init);
  function fail(why: string): never {
    throw new Error(`${routeName(route!)} answered ${response.status} to ${method.toUpperCase()} ${path}: ${why}`);
  }
  const text = await response.text();
  const declared = route.responses[String(response.status)];
  if (!declared) fail(`status not declared (declared: ${Object.keys(route.responses).join(", ")}); body ${text.slice(0, 300)}`);
  const content = "content" in declared ? declared.content : undefined;
  const answer = (value: unknown): CheckedAnswer => ({ route, status: response.status, body: value, headers: response.headers });
  if (!content || Object.keys(content).length === 0) {
    if (text !== "") fail(`declared without a body, but sent ${text.slice(0, 300)}`);
    return answer(null);
  }
  const type = (response.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const media = content[type];
  if (!media) fail(`content type "${type}" not declared (declared: ${Object.keys(content).join(", ")})`);
  const schema = "schema" in media ? media.schema : undefined;
  let value: unknown = text;
  if (type === "application/json" || type.endsWith("+json")) {
    try {
      value = JSON.parse(text);
    } catch {
      fail(`not JSON: ${text.slice(0, 300)}`);
    }
  }
  if (!isZod(schema)) fail("the declaration has no zod schema for this answer");
  const why = mismatch(schema, value);
  if (why) fail(why);
  return answer(value);
}
