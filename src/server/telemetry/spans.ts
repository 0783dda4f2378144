import { SpanKind, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';

/** The tracer every span of the server is made by; a no-op until tracing is started (tracing.ts). */
const tracer = trace.getTracer('eta-portal');

export { SpanKind };

/**
 * Runs `work` inside a span of the current trace (the request's, when a request is being answered): the database,
 * the object store, the mail transport and the payment provider are traced with it where no instrumentation of
 * their library does it. A failure is recorded on the span and thrown on. Without tracing it costs a function call.
 */
export function withSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer.startActiveSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes },
    (span) =>
      work(span).then(
        (value) => {
          span.end();
          return value;
        },
        (error: unknown) => {
          span.recordException(error instanceof Error ? error : String(error));
          span.setStatus({
            code: SpanStatusCode.ERROR,
            message: error instanceof Error ? error.message : String(error),
          });
          span.end();
          throw error;
        },
      ),
  );
}

/** The span of the request being answered, if tracing is on, to name it after its route. */
export function activeSpan(): Span | undefined {
  return trace.getActiveSpan();
}

/** The current trace's id, for log lines (undefined without tracing). */
export function currentTraceId(): string | undefined {
  const context = trace.getActiveSpan()?.spanContext();
  return context && trace.isSpanContextValid(context) ? context.traceId : undefined;
}
