/**
 * A small closed-loop load generator for loopback benchmarks: `concurrency` workers send
 * requests back to back for `seconds` (bounded in time and count), and the figures printed are
 * requests/s, p50, p95 and p99 latency and the slowest request.
 */
export interface LoadResult {
  name: string;
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  /** The concurrency it ran with. */
  clients: number;
  p50ms: number;
  p95ms: number;
  p99ms: number;
  maxms: number;
  statuses: Record<number, number>;
}

export interface LoadOptions {
  name: string;
  concurrency: number;
  seconds: number;
  maxRequests?: number;
  /** Builds the i-th request. */
  request: (i: number) => Request;
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let next = 0;
  let errors = 0;
  const maxRequests = options.maxRequests ?? 1_000_000;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline && next < maxRequests) {
      const i = next++;
      const t0 = performance.now();
      try {
        const res = await fetch(options.request(i));
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status >= 500) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name: options.name,
    requests: latencies.length,
    errors,
    seconds,
    rps: latencies.length / seconds,
    clients: options.concurrency,
    p50ms: percentile(latencies, 50),
    p95ms: percentile(latencies, 95),
    p99ms: percentile(latencies, 99),
    maxms: latencies.at(-1) ?? NaN,
    statuses,
  };
}

export function printTable(results: LoadResult[], baseline: LoadResult): void {
  const rows = results.map((r) => ({
    endpoint: r.name,
    "req/s": r.rps.toFixed(0),
    "p50 ms": r.p50ms.toFixed(2),
    "p99 ms": r.p99ms.toFixed(2),
    "vs baseline req/s": (r.rps / baseline.rps).toFixed(3),
    requests: r.requests,
    errors: r.errors,
    statuses: JSON.stringify(r.statuses),
  }));
  console.table(rows);
}
