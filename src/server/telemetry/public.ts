/** What other areas of the server use of tracing: spans around calls no instrumentation traces. */
export { activeSpan, currentTraceId, SpanKind, withSpan } from './spans';
