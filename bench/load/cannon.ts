// One load run with autocannon: 50 connections for 10 seconds by default, as the load section's aims are
// stated; answers its throughput, latency percentiles and everything that did not come back 2xx.
import autocannon from 'autocannon';

export interface LoadFigures {
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Errors, time-outs and answers that were not 2xx (304 counts as an answer). */
  failed: number;
}

export async function load(
  url: string,
  opts: { connections?: number; seconds?: number; headers?: Record<string, string> } = {},
): Promise<LoadFigures> {
  const r = await autocannon({
    url,
    connections: opts.connections ?? 50,
    duration: opts.seconds ?? 10,
    headers: opts.headers,
    timeout: 10,
  });
  return {
    perSecond: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    requests: r.requests.total,
    failed: r.errors + r.timeouts + r.non2xx,
  };
}
