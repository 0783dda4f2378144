/**
 * The HTTP client of the journey load: sends each call to the next server in turn (round-robin), times it to the
 * end of its body, and counts per call type its latencies and its errors (any status but the expected one, or no
 * answer at all), keeping a sample of each kind of error.
 *
 * Calls go through node:http with a keep-alive agent, not `fetch`: under a burst of 200 sign-ins, `fetch` held a few
 * calls made on new connections until the burst was over (they reached the server 10 to 12 s after they were made,
 * and the server answered them in milliseconds), which showed as a p99 of 10 s for whichever call they were.
 */
import http from 'node:http';
import { percentile } from './api';

/** One connection per call in flight, kept open between calls, as a browser's would be. */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/**
 * One request of a simulated applicant (the journey load's and the fail-over bench's): answers the status, the
 * whole body and the redirect's target (redirects are not followed).
 */
export function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | Uint8Array | undefined,
): Promise<{ status: number; text: string; location?: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          text: Buffer.concat(chunks).toString(),
          location: response.headers.location,
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

export interface CallRow {
  call: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface ErrorSample {
  call: string;
  status: number;
  count: number;
  body: string;
}

interface CallOptions {
  token?: string;
  json?: unknown;
  body?: Uint8Array<ArrayBuffer>;
  contentType?: string;
}

export function createLoadClient(bases: string[]) {
  const latencies = new Map<string, number[]>();
  const errors = new Map<string, number>();
  const samples = new Map<string, ErrorSample>();
  let next = 0;

  const failed = (call: string, status: number, body: string) => {
    errors.set(call, (errors.get(call) ?? 0) + 1);
    const key = `${call} ${status}`;
    const sample = samples.get(key) ?? { call, status, count: 0, body: body.replace(/\s+/g, ' ').slice(0, 200) };
    sample.count += 1;
    samples.set(key, sample);
  };

  return {
    /** One call; answers its JSON body when the status is the expected one, else undefined (counted as an error). */
    async call<T = unknown>(
      call: string,
      expected: number,
      method: string,
      path: string,
      options: CallOptions = {},
    ): Promise<T | undefined> {
      const headers: Record<string, string> = {};
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.json !== undefined) headers['content-type'] = 'application/json';
      if (options.contentType) headers['content-type'] = options.contentType;
      const body =
        options.json !== undefined ? JSON.stringify(options.json) : options.body && new Uint8Array(options.body);
      const base = bases[next++ % bases.length];
      const t0 = performance.now();
      let status = 0;
      let text: string;
      try {
        ({ status, text } = await send(`${base}${path}`, method, headers, body));
      } catch (error) {
        text = (error as Error).message;
      }
      const list = latencies.get(call) ?? [];
      list.push(performance.now() - t0);
      latencies.set(call, list);
      if (status !== expected) {
        failed(call, status, text);
        return undefined;
      }
      return (text ? JSON.parse(text) : undefined) as T;
    },

    /** Per call type and over all calls: requests, throughput over `seconds`, p50 and p99 (ms), errors. */
    rows(seconds: number): CallRow[] {
      const row = (call: string, values: number[], errorCount: number): CallRow => {
        const sorted = [...values].sort((a, b) => a - b);
        return {
          call,
          requests: sorted.length,
          perSecond: sorted.length / seconds,
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
          errors: errorCount,
        };
      };
      const rows = [...latencies].map(([call, values]) => row(call, values, errors.get(call) ?? 0));
      const all = [...latencies.values()].flat();
      const allErrors = [...errors.values()].reduce((a, b) => a + b, 0);
      return [...rows, row('all calls', all, allErrors)];
    },

    errorSamples(): ErrorSample[] {
      return [...samples.values()].sort((a, b) => b.count - a.count);
    },
  };
}
