import { createRequire } from 'node:module';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { Env } from '../lib/env';
import { RedactingSpanProcessor } from './redaction';

/** Tracing as started: `stop` sends what is still buffered and ends it. */
export interface Tracing {
  stop(): Promise<void>;
}

/** Whether the environment asks for traces: an OTLP endpoint is set and the SDK is not switched off. */
export function tracingRequested(env: Env): boolean {
  if (/^true$/i.test(env.OTEL_SDK_DISABLED?.trim() ?? '')) return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

/**
 * The processors that export the spans: those given, else the ones the SDK makes of the OTEL_* variables when it is
 * given none (OTEL_TRACES_EXPORTER, the OTLP exporter's protocol and endpoint, the batch's settings), so that they
 * can be put behind the redacting processor and the variables still mean what the SDK documents.
 */
export async function exportingProcessors(given?: SpanProcessor[]): Promise<SpanProcessor[]> {
  if (given) return given;
  const { getSpanProcessorsFromEnv } = await import('@opentelemetry/sdk-node/build/src/utils.js');
  return getSpanProcessorsFromEnv(undefined);
}

/**
 * Starts OpenTelemetry's Node SDK: one trace per request (the HTTP server span, the spans of the calls it makes
 * over HTTP (the S3 store) and fetch, and the server's own spans around the database, the object store, the mail
 * transport and the payment provider, see spans.ts). Spans go to the OTLP exporter the standard OTEL_* variables
 * configure (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_PROTOCOL, OTEL_TRACES_EXPORTER, OTEL_SERVICE_NAME, ...)
 * unless `spanProcessors` are given (a test's in-memory exporter). Either way every span reaches them redacted like
 * the request logs (redaction.ts). Must run before the server's modules are loaded.
 */
export async function startTracing(
  options: { spanProcessors?: SpanProcessor[]; serviceName?: string } = {},
): Promise<Tracing> {
  const [{ NodeSDK }, { HttpInstrumentation }, { UndiciInstrumentation }, exporting] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-undici'),
    exportingProcessors(options.spanProcessors),
  ]);
  const sdk = new NodeSDK({
    serviceName: options.serviceName ?? process.env.OTEL_SERVICE_NAME?.trim() ?? 'eta-portal',
    // No span leaves unredacted: the exporters get each span through the redacting processor only.
    spanProcessors: exporting.length > 0 ? [new RedactingSpanProcessor(exporting)] : [],
    instrumentations: [
      new HttpInstrumentation({
        // Probes of load balancers and Prometheus would make most of the traces.
        ignoreIncomingRequestHook: (request) => /^\/(health|metrics)(\/|\?|$)/.test(request.url ?? ''),
      }),
      new UndiciInstrumentation(),
    ],
    // Only traces: the metrics are Prometheus's (GET /metrics), the logs pino's.
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  // Node's own HTTP modules are patched when next required: make sure they are, whatever loaded them first.
  const require = createRequire(import.meta.url);
  require('node:http');
  require('node:https');
  return { stop: () => sdk.shutdown() };
}
