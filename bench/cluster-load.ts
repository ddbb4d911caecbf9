/**
 * The load generator of bench/cluster.bench.ts: bench/load.ts's closed loop (each of
 * `concurrency` clients sends its next request when the last one is answered), spread round robin
 * over several servers, on plain HTTP/1.1 keep-alive sockets instead of fetch.
 *
 * Why not fetch: on this 2-core machine the load generator shares the CPU with the servers it
 * measures, and fetch spends several times the CPU per request that writing prepared bytes to a
 * socket does, so a fetch-driven baseline measures the client more than the bare route.
 * Responses are read by Content-Length or chunked encoding; nothing is pipelined.
 */
import { percentile } from "./load.ts";

export interface PlainRequest {
  method: "GET" | "POST" | "PUT";
  /** Path and query, e.g. /api/services. */
  path: string;
  headers?: Record<string, string>;
  /** JSON, sent with content-type application/json. */
  body?: unknown;
}

export interface PlainResponse {
  status: number;
  headers: Map<string, string>;
  body: Uint8Array;
  text(): string;
  json<T = any>(): T;
}

export interface ClusterLoadOptions {
  name: string;
  /** Base URLs (http://127.0.0.1:port) the requests go to in turn: request i to targets[i % n]. */
  targets: string[];
  concurrency: number;
  seconds: number;
  maxRequests?: number;
  request: (i: number) => PlainRequest;
  /** Sees every answer (e.g. to keep the ids of created bookings). */
  onResponse?: (response: PlainResponse, i: number) => void;
}

export interface ClusterLoadResult {
  name: string;
  requests: number;
  /** 5xx answers and requests without an answer (`broken`). */
  errors: number;
  /** Requests whose connection failed or closed before the answer. */
  broken: number;
  seconds: number;
  rps: number;
  clients: number;
  p50ms: number;
  p99ms: number;
  maxms: number;
  statuses: Record<number, number>;
  /** Answers per target, in the order of `targets`. */
  perTarget: number[];
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const CRLF_CRLF = [13, 10, 13, 10];

function indexOfSequence(haystack: Uint8Array, needle: number[], from = 0): number {
  outer: for (let i = from; i <= haystack.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** One keep-alive connection to one server, one request at a time. */
export class PlainConnection {
  #conn: Deno.TcpConn | null = null;
  #buffer = new Uint8Array(0);
  #chunk = new Uint8Array(64 * 1024);
  readonly #host: string;
  readonly #port: number;

  constructor(baseUrl: string) {
    const url = new URL(baseUrl);
    this.#host = url.hostname;
    this.#port = Number(url.port);
  }

  async send(request: PlainRequest): Promise<PlainResponse> {
    if (!this.#conn) {
      this.#conn = await Deno.connect({ hostname: this.#host, port: this.#port });
      this.#conn.setNoDelay(true);
      this.#buffer = new Uint8Array(0);
    }
    try {
      await this.#write(encodeRequest(request, `${this.#host}:${this.#port}`));
      const response = await this.#readResponse();
      if (response.headers.get("connection")?.toLowerCase() === "close") this.close();
      return response;
    } catch (error) {
      this.close();
      throw error;
    }
  }

  close(): void {
    try {
      this.#conn?.close();
    } catch {
      // Already closed by the other side.
    }
    this.#conn = null;
  }

  async #write(bytes: Uint8Array): Promise<void> {
    for (let written = 0; written < bytes.length;) written += await this.#conn!.write(bytes.subarray(written));
  }

  /** Reads more bytes onto the buffer; the server closing mid-answer is an error. */
  async #fill(): Promise<void> {
    const n = await this.#conn!.read(this.#chunk);
    if (n === null) throw new Error("connection closed by the server");
    if (this.#buffer.length === 0) {
      // The usual case: a whole answer in one read.
      this.#buffer = this.#chunk.slice(0, n);
      return;
    }
    const next = new Uint8Array(this.#buffer.length + n);
    next.set(this.#buffer);
    next.set(this.#chunk.subarray(0, n), this.#buffer.length);
    this.#buffer = next;
  }

  /** Takes `n` bytes off the front of the buffer. */
  async #take(n: number): Promise<Uint8Array> {
    while (this.#buffer.length < n) await this.#fill();
    const taken = this.#buffer.slice(0, n);
    this.#buffer = this.#buffer.subarray(n);
    return taken;
  }

  async #line(): Promise<string> {
    let end;
    while ((end = indexOfSequence(this.#buffer, [13, 10])) < 0) await this.#fill();
    return decoder.decode(await this.#take(end + 2)).slice(0, -2);
  }

  async #readResponse(): Promise<PlainResponse> {
    let headEnd;
    while ((headEnd = indexOfSequence(this.#buffer, CRLF_CRLF)) < 0) await this.#fill();
    const [statusLine, ...headerLines] = decoder.decode(await this.#take(headEnd + 4)).slice(0, -4).split("\r\n");
    const status = Number(statusLine.split(" ")[1]);
    const headers = new Map<string, string>();
    for (const line of headerLines) {
      const colon = line.indexOf(":");
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    let body: Uint8Array;
    if (headers.get("transfer-encoding")?.toLowerCase().includes("chunked")) {
      const parts: Uint8Array[] = [];
      for (;;) {
        const size = parseInt(await this.#line(), 16);
        if (size === 0) {
          // Trailers (none expected) end with an empty line.
          while ((await this.#line()) !== "");
          break;
        }
        parts.push(await this.#take(size));
        await this.#take(2);
      }
      body = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
      let offset = 0;
      for (const part of parts) {
        body.set(part, offset);
        offset += part.length;
      }
    } else {
      const noBody = status === 204 || status === 304 || (status >= 100 && status < 200);
      body = noBody ? new Uint8Array(0) : await this.#take(Number(headers.get("content-length") ?? 0));
    }
    return {
      status,
      headers,
      body,
      text: () => decoder.decode(body),
      json: () => JSON.parse(decoder.decode(body)),
    };
  }
}

function encodeRequest(request: PlainRequest, host: string): Uint8Array {
  const body = request.body === undefined ? "" : JSON.stringify(request.body);
  const bodyBytes = encoder.encode(body);
  const lines = [`${request.method} ${request.path} HTTP/1.1`, `host: ${host}`];
  for (const [name, value] of Object.entries(request.headers ?? {})) lines.push(`${name}: ${value}`);
  if (request.body !== undefined) lines.push("content-type: application/json");
  if (request.body !== undefined || request.method !== "GET") lines.push(`content-length: ${bodyBytes.length}`);
  const head = encoder.encode(lines.join("\r\n") + "\r\n\r\n");
  const bytes = new Uint8Array(head.length + bodyBytes.length);
  bytes.set(head);
  bytes.set(bodyBytes, head.length);
  return bytes;
}

/** One request on a connection of its own (set-up calls outside the measured loops). */
export async function sendOnce(baseUrl: string, request: PlainRequest): Promise<PlainResponse> {
  const connection = new PlainConnection(baseUrl);
  try {
    return await connection.send(request);
  } finally {
    connection.close();
  }
}

export async function runClusterLoad(options: ClusterLoadOptions): Promise<ClusterLoadResult> {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  const perTarget = options.targets.map(() => 0);
  let next = 0;
  let errors = 0;
  let broken = 0;
  const maxRequests = options.maxRequests ?? 10_000_000;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const worker = async () => {
    const connections = options.targets.map((url) => new PlainConnection(url));
    while (performance.now() < deadline && next < maxRequests) {
      const i = next++;
      const target = i % options.targets.length;
      const request = options.request(i);
      const t0 = performance.now();
      try {
        const response = await connections[target].send(request);
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        perTarget[target]++;
        if (response.status >= 500) errors++;
        options.onResponse?.(response, i);
      } catch {
        errors++;
        broken++;
      }
      latencies.push(performance.now() - t0);
    }
    for (const connection of connections) connection.close();
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name: options.name,
    requests: latencies.length,
    errors,
    broken,
    seconds,
    rps: latencies.length / seconds,
    clients: options.concurrency,
    p50ms: percentile(latencies, 50),
    p99ms: percentile(latencies, 99),
    maxms: latencies.at(-1) ?? NaN,
    statuses,
    perTarget,
  };
}
