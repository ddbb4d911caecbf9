/**
 * /api/docs: the OpenAPI document rendered by Swagger UI (the swagger-ui-dist package), with its
 * try-it console. Every file comes from this origin under a name that carries its content hash,
 * so it is cached for good; the page has a CSP of its own that lets it load this origin only.
 */
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { Hono, type MiddlewareHandler } from "hono";
import { getMimeType } from "hono/utils/mime";
import { escapeHtml } from "../core/notifications/html.ts";
import { apiNotFound } from "./http-errors.ts";

/** The packaged files the page loads, as swagger-ui-dist names them. */
const PACKAGED_FILES = ["swagger-ui.css", "index.css", "swagger-ui-bundle.js", "favicon-32x32.png"] as const;

/** The CSS names a source map that is not served: dropped, so devtools show no 404 for it. */
const SOURCE_MAP_COMMENT = /\/\*# sourceMappingURL=[^*]*\*\/\s*$/;

const IMMUTABLE = "public, max-age=31536000, immutable";

/** Only this origin; data: images are the icons inside swagger-ui.css. No inline script or style. */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join("; ");

/** The names the page refers to a file by: swagger-ui-dist's, and its own start-up script. */
type AssetName = (typeof PACKAGED_FILES)[number] | "docs-init.js";

interface HashedAsset {
  /** The name it is served under: its own with the content's hash, e.g. index.3f0c9a1b2d4e.css. */
  hashedName: string;
  body: Uint8Array<ArrayBuffer>;
  /** Text files, precompressed once: the bundle is 1.7 MB, about 0.5 MB gzipped. */
  gzip: Uint8Array<ArrayBuffer> | null;
  type: string;
}

/** Starts Swagger UI on the document; a file, because the page allows no inline script. */
function initScript(documentUrl: string): string {
  const config = {
    url: documentUrl,
    dom_id: "#swagger-ui",
    layout: "BaseLayout",
    deepLinking: true,
    docExpansion: "list",
    filter: true,
    // x-required-role shows under each operation.
    showExtensions: true,
    displayRequestDuration: true,
    requestSnippetsEnabled: true,
    defaultModelsExpandDepth: 1,
    defaultModelExpandDepth: 3,
    // Never sends the document to swagger.io's validator.
    validatorUrl: null,
  };
  return `// Swagger UI on this server's OpenAPI document (api/docs.ts).
window.ui = SwaggerUIBundle(Object.assign(${JSON.stringify(config, null, 2)}, {
  presets: [SwaggerUIBundle.presets.apis],
}));
`;
}

const shortHash = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex").slice(0, 12);

function hashedName(name: string, bytes: Uint8Array): string {
  const dot = name.lastIndexOf(".");
  return `${name.slice(0, dot)}.${shortHash(bytes)}${name.slice(dot)}`;
}

function packagedFile(name: string): Uint8Array<ArrayBuffer> {
  const path = fileURLToPath(import.meta.resolve(`swagger-ui-dist/${name}`));
  try {
    return Deno.readFileSync(path);
  } catch (error) {
    throw new Error(`/api/docs needs swagger-ui-dist (${path}): run \`npm ci\`.`, { cause: error });
  }
}

function hashedAsset(name: AssetName, body: Uint8Array<ArrayBuffer>): HashedAsset {
  const type = getMimeType(name) ?? "application/octet-stream";
  const gzip = type.startsWith("text/") ? gzipSync(body) as Uint8Array<ArrayBuffer> : null;
  return { hashedName: hashedName(name, body), body, gzip, type };
}

/** Read once per process, when the first app is built: the packaged files never change while it runs. */
let packaged: HashedAsset[] | undefined;

function packagedAssets(): HashedAsset[] {
  packaged ??= PACKAGED_FILES.map((name) => {
    const bytes = packagedFile(name);
    const text = name.endsWith(".css") ? new TextDecoder().decode(bytes).replace(SOURCE_MAP_COMMENT, "") : null;
    return hashedAsset(name, text === null ? bytes : new TextEncoder().encode(text));
  });
  return packaged;
}

function page(title: string, urls: Record<AssetName, string>, documentUrl: string): string {
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} reference</title>
<link rel="icon" type="image/png" sizes="32x32" href="${urls["favicon-32x32.png"]}">
<link rel="stylesheet" href="${urls["swagger-ui.css"]}">
<link rel="stylesheet" href="${urls["index.css"]}">
</head>
<body>
<noscript><p>This reference needs JavaScript. The OpenAPI 3.1 document itself is at <a href="${documentUrl}">${documentUrl}</a>.</p></noscript>
<div id="swagger-ui"></div>
<script src="${urls["swagger-ui-bundle.js"]}"></script>
<script src="${urls["docs-init.js"]}"></script>
</body>
</html>
`;
}

/**
 * The reference page and its files, mounted at `docsPath` (e.g. /api/docs); `documentUrl` is
 * where the OpenAPI document is served (its relative server makes try-it call this origin).
 */
export function docsRoutes(options: { title: string; docsPath: string; documentUrl: string }) {
  const packagedFiles = packagedAssets();
  const named: [AssetName, HashedAsset][] = [
    ...PACKAGED_FILES.map((name, i) => [name, packagedFiles[i]] as [AssetName, HashedAsset]),
    ["docs-init.js", hashedAsset("docs-init.js", new TextEncoder().encode(initScript(options.documentUrl)))],
  ];
  const files = new Map(named.map(([, asset]) => [asset.hashedName, asset]));
  const urls = Object.fromEntries(named.map(([name, asset]) => [name, `${options.docsPath}/assets/${asset.hashedName}`]));
  const html = page(options.title, urls as Record<AssetName, string>, options.documentUrl);
  const app = new Hono();
  app.get("/", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.html(html);
  });
  app.get("/assets/:file", (c) => {
    const asset = files.get(c.req.param("file"));
    if (!asset) return apiNotFound(c);
    c.header("Content-Type", asset.type);
    c.header("Cache-Control", IMMUTABLE);
    if (!asset.gzip) return c.body(asset.body);
    c.header("Vary", "Accept-Encoding");
    if (!/\bgzip\b/.test(c.req.header("accept-encoding") ?? "")) return c.body(asset.body);
    c.header("Content-Encoding", "gzip");
    return c.body(asset.gzip);
  });
  return app;
}

/**
 * The docs' own CSP, in place of the site's. Mounted before secureHeaders, so it runs after it
 * on the way out and its header is the one sent.
 */
export const docsContentSecurityPolicy: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set("Content-Security-Policy", DOCS_CONTENT_SECURITY_POLICY);
};
