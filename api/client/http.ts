/**
 * The one fetch client both web apps (and integrators) use: JSON in and out, every failure thrown
 * as an ApiError carrying the spec's catalogue entry. In the browser the staff session travels in
 * an httpOnly cookie the page cannot read; each write echoes the readable CSRF cookie in a header.
 * Integrators outside a browser pass `getToken` and authenticate with a bearer token instead.
 */
import {
  describeFailure,
  type ErrorCode,
  type FailureDescription,
  type FieldErrorMap,
} from "./error-catalogue.ts";

export type { ErrorCode };

/** A failed call, network failures included; its fields are the catalogue's description. */
export class ApiError extends Error implements FailureDescription {
  readonly title: string;
  readonly text: string;
  readonly status?: number;
  readonly code?: ErrorCode;
  readonly details?: unknown;
  readonly fieldErrors?: FieldErrorMap;
  readonly serverMessage?: string;

  constructor(description: FailureDescription, options?: { cause?: unknown }) {
    super(description.serverMessage ?? description.text, options);
    this.name = "ApiError";
    this.title = description.title;
    this.text = description.text;
    this.status = description.status;
    this.code = description.code;
    this.details = description.details;
    this.fieldErrors = description.fieldErrors;
    this.serverMessage = description.serverMessage;
  }

  /** True when the request never got an answer. */
  get isNetworkError(): boolean {
    return this.status === undefined;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions extends Omit<RequestInit, "body" | "method"> {
  /** Appended as a query string; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
}

export interface ApiClientOptions {
  /** Prefix for every path, e.g. 'https://example.com'; default '' (same origin). */
  baseUrl?: string;
  /** Returns the bearer token to send, if any (integrators); default none: the browser's cookie. */
  getToken?: () => string | null | undefined;
  /** Returns the CSRF token writes echo; default reads the staff_csrf cookie. */
  getCsrfToken?: () => string | null | undefined;
  /** Injected for tests and non-browser callers; default the global fetch. */
  fetch?: typeof fetch;
}

export interface ApiClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** GET of a list endpoint, accepting `{ items }` or a bare array. */
  list<T>(path: string, options?: RequestOptions): Promise<T[]>;
  request<T>(method: string, path: string, body?: unknown, options?: RequestOptions): Promise<T>;
}

/** The readable cookie the login sets beside the httpOnly session cookie. */
export const CSRF_COOKIE = "staff_csrf";
/** The header every cookie-carried write echoes the CSRF cookie in. */
export const CSRF_HEADER = "X-CSRF-Token";

/** The CSRF cookie's value; there is no document in Deno or during prerendering. */
export function readCsrfCookie(): string | null {
  if (typeof document === "undefined") return null;
  for (const part of document.cookie.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === CSRF_COOKIE) return decodeURIComponent(part.slice(at + 1).trim()) || null;
  }
  return null;
}

/** Methods that change something: they carry the CSRF header. */
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** List responses are `{ items }` (decisions.md) but a bare array is accepted too (spec). */
export function itemsOf<T>(data: unknown): T[] {
  if (Array.isArray(data)) return data as T[];
  if (
    typeof data === "object" && data !== null && Array.isArray((data as { items?: unknown }).items)
  ) {
    return (data as { items: T[] }).items;
  }
  return [];
}

export function withQuery(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  if (search === "") return path;
  return `${path}${path.includes("?") ? "&" : "?"}${search}`;
}

async function readBody(response: Response): Promise<unknown> {
  const raw = await response.text();
  if (raw === "") return undefined;
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("json")) return JSON.parse(raw);
  // Some servers forget the header; try JSON before giving the text back.
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

const isAbort = (error: unknown) =>
  typeof error === "object" && error !== null &&
  (error as { name?: unknown }).name === "AbortError";

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? "").replace(/\/+$/, "");
  const getToken = options.getToken ?? (() => null);
  const getCsrfToken = options.getCsrfToken ?? readCsrfCookie;

  async function request<T>(
    method: string,
    path: string,
    body?: unknown,
    requestOptions: RequestOptions = {},
  ): Promise<T> {
    const { query, headers: extraHeaders, ...init } = requestOptions;
    const headers = new Headers(extraHeaders);
    if (!headers.has("Accept")) headers.set("Accept", "application/json");
    if (body !== undefined && !headers.has("Content-Type")) {
      headers.set("Content-Type", "application/json");
    }
    const token = getToken();
    if (token && !headers.has("Authorization")) headers.set("Authorization", `Bearer ${token}`);
    const csrf = WRITES.has(method.toUpperCase()) ? getCsrfToken() : null;
    if (csrf && !headers.has(CSRF_HEADER)) headers.set(CSRF_HEADER, csrf);

    // Resolved per call so a fetch stubbed after the client was built is still used.
    const doFetch = options.fetch ?? globalThis.fetch;
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${withQuery(path, query)}`, {
        // The session cookie goes to the page's own origin only.
        credentials: "same-origin",
        ...init,
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      // The caller cancelled on purpose: not a failure to show.
      if (isAbort(error)) throw error;
      throw new ApiError(describeFailure({}), { cause: error });
    }

    let parsed: unknown;
    try {
      parsed = await readBody(response);
    } catch (error) {
      if (isAbort(error)) throw error;
      if (!response.ok) {
        throw new ApiError(describeFailure({ status: response.status }), { cause: error });
      }
      // A 2xx the client cannot read is a server fault for the person looking at the screen.
      throw new ApiError({ ...describeFailure({ status: 500 }), status: response.status }, {
        cause: error,
      });
    }

    if (!response.ok) {
      throw new ApiError(describeFailure({ status: response.status, body: parsed }));
    }
    return parsed as T;
  }

  return {
    request,
    get: (path, opts) => request("GET", path, undefined, opts),
    delete: (path, opts) => request("DELETE", path, undefined, opts),
    post: (path, body, opts) => request("POST", path, body, opts),
    put: (path, body, opts) => request("PUT", path, body, opts),
    patch: (path, body, opts) => request("PATCH", path, body, opts),
    list: async <T>(path: string, opts?: RequestOptions) =>
      itemsOf<T>(await request("GET", path, undefined, opts)),
  };
}
