/**
 * The OpenAPI 3.1 document, generated from the zod schemas the routes validate with
 * (zod 4 emits JSON Schema 2020-12, which OpenAPI 3.1 uses as is), and a readable reference.
 */
import { z } from "zod";
import { escapeHtml } from "../core/notifications/html.ts";

export interface OperationDoc {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** OpenAPI style: /api/services/{id}. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  responses: Record<number, { description: string; schema?: z.ZodType; headers?: string[] }>;
  /** Needs a bearer token (the admin calls). */
  auth?: boolean;
  /** Only superadmins (the admins calls, the audit log, every hard delete). */
  superadmin?: boolean;
  /** Honours the Idempotency-Key header. */
  idempotent?: boolean;
}

/**
 * A schema as OpenAPI wants it: schemas named with `.meta({ id })` go to components.schemas
 * (zod puts them in local $defs, whose "#/$defs/..." refs would point at the document root).
 */
function makeJsonSchema(components: Record<string, unknown>) {
  return (schema: z.ZodType, io: "input" | "output"): Record<string, unknown> => {
    const { $schema: _, $defs, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;
    const relink = <T>(value: T): T =>
      JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/'));
    // Named schemas have no defaults or transforms, so their input and output forms agree.
    for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, unknown>)) {
      components[id] = relink(def);
    }
    return relink(rest);
  };
}

function parameters(op: OperationDoc, jsonSchema: ReturnType<typeof makeJsonSchema>) {
  const list: object[] = [];
  for (const [where, schema] of [["path", op.params], ["query", op.query]] as const) {
    if (!schema) continue;
    const shape = jsonSchema(schema, "input") as { properties?: Record<string, object>; required?: string[] };
    for (const [name, property] of Object.entries(shape.properties ?? {})) {
      list.push({
        name,
        in: where,
        required: where === "path" || (shape.required ?? []).includes(name),
        schema: property,
        ...("description" in property ? { description: (property as { description: string }).description } : {}),
      });
    }
  }
  if (op.idempotent) {
    list.push({
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description:
        "Retrying with the same key and body returns the first response and creates nothing; another body gets 422, a request still running 409. Keys last 24 hours.",
      schema: { type: "string", maxLength: 255 },
    });
  }
  return list;
}

export function buildOpenApiDocument(operations: OperationDoc[], errorSchema: z.ZodType) {
  const paths: Record<string, Record<string, object>> = {};
  const schemas: Record<string, unknown> = {};
  const jsonSchema = makeJsonSchema(schemas);
  for (const op of operations) {
    const responses: Record<string, object> = {};
    for (const [status, response] of Object.entries(op.responses)) {
      const schema = response.schema ?? (Number(status) >= 400 ? errorSchema : undefined);
      responses[status] = {
        description: response.description,
        ...(schema ? { content: { "application/json": { schema: jsonSchema(schema, "output") } } } : {}),
        ...(response.headers
          ? { headers: Object.fromEntries(response.headers.map((h) => [h, { schema: { type: "string" } }])) }
          : {}),
      };
    }
    (paths[op.path] ??= {})[op.method] = {
      tags: [op.tag],
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      operationId: `${op.method}${op.path.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+(.)?/g, (_, c) => (c ?? "").toUpperCase())}`,
      parameters: parameters(op, jsonSchema),
      ...(op.body
        ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(op.body, "input") } } } }
        : {}),
      responses,
      ...(op.auth || op.superadmin ? { security: [{ bearerAuth: [] }] } : {}),
      ...(op.auth || op.superadmin ? { "x-required-role": op.superadmin ? "superadmin" : "admin" } : {}),
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Yarra Shine Cleaning API",
      version: "1.0.0",
      description:
        "Catalogue, availability, bookings, quotes and inquiries for the public booking form, and the staff admin calls. " +
        "Every error has the body { error, code, fieldErrors?, details? }. Money is A$ with at most 2 decimals; times are ISO 8601; " +
        "business rules about days and hours use Australia/Melbourne time.",
    },
    servers: [{ url: "/" }],
    components: {
      schemas,
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
    },
    paths,
  };
}

/** A plain, readable reference page: no scripts, no third-party assets. */
export function renderReference(doc: ReturnType<typeof buildOpenApiDocument>): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods) as [string, Record<string, unknown>][]) {
      const tag = (op.tags as string[])[0];
      const params = (op.parameters as { name: string; in: string; required: boolean; description?: string }[])
        .map((p) => `<li><code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ", required" : ""})${p.description ? ` — ${escapeHtml(p.description)}` : ""}</li>`)
        .join("");
      const bodySchema = (op.requestBody as { content: Record<string, { schema: { $ref?: string } }> } | undefined)
        ?.content["application/json"].schema;
      // Show the named schema itself, not a pointer to it.
      const shown = bodySchema?.$ref
        ? doc.components.schemas[bodySchema.$ref.replace("#/components/schemas/", "")]
        : bodySchema;
      const body = shown
        ? `<details><summary>Request body</summary><pre>${escapeHtml(JSON.stringify(shown, null, 2))}</pre></details>`
        : "";
      const responses = Object.entries(op.responses as Record<string, { description: string }>)
        .map(([status, r]) => `<li><code>${status}</code> ${escapeHtml(r.description)}</li>`)
        .join("");
      (byTag.get(tag) ?? byTag.set(tag, []).get(tag)!).push(`
        <section class="op" id="${escapeHtml(String(op.operationId))}">
          <h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code>${op.security ? ' <span class="lock">bearer token</span>' : ""}</h3>
          <p>${escapeHtml(String(op.summary))}</p>
          ${op.description ? `<p class="d">${escapeHtml(String(op.description))}</p>` : ""}
          ${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ""}
          ${body}
          <h4>Responses</h4><ul>${responses}</ul>
        </section>`);
    }
  }
  const sections = [...byTag].map(([tag, ops]) => `<h2>${escapeHtml(tag)}</h2>${ops.join("")}`).join("");
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} reference</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#0b2f33}
h1{margin-bottom:.25rem}h2{border-bottom:2px solid #0f766e;padding-bottom:.25rem;margin-top:2.5rem}
.op{border:1px solid #cfe3e1;border-radius:8px;padding:.5rem 1rem;margin:1rem 0}
.m{display:inline-block;min-width:4.5rem;text-align:center;border-radius:4px;color:#fff;font-size:.85rem;padding:.1rem .4rem}
.get{background:#0f766e}.post{background:#1d4ed8}.put{background:#92400e}.patch{background:#6d28d9}.delete{background:#b91c1c}
.lock{font-size:.8rem;background:#fef3c7;border-radius:4px;padding:.1rem .4rem}
pre{background:#f3f7f7;padding:.75rem;overflow:auto;font-size:.85rem}.d{color:#334}
</style></head><body>
<h1>${escapeHtml(doc.info.title)}</h1>
<p>${escapeHtml(doc.info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
${sections}
</body></html>`;
}
