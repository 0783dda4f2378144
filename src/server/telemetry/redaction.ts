import type { Attributes, AttributeValue, Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor, TimedEvent } from '@opentelemetry/sdk-trace-base';
import { redactPath, redactQuery, redactText, redactUrl } from '../http/log-redaction';

/**
 * Attributes that hold a URL or part of one, by how they are redacted: the instrumentations write the address of
 * a request there (incoming and outgoing, in the semantic conventions' current and older names).
 */
const URL_ATTRIBUTES: Record<string, (value: string) => string> = {
  'url.full': redactUrl,
  'url.original': redactUrl,
  'http.url': redactUrl,
  'http.target': redactUrl,
  'url.path': redactPath,
  'url.query': redactQuery,
};

function redactValue(key: string, value: AttributeValue | undefined): AttributeValue | undefined {
  const redact = URL_ATTRIBUTES[key] ?? redactText;
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value))
    return value.map((item: unknown) => (typeof item === 'string' ? redact(item) : item)) as AttributeValue;
  return value;
}

/** Attributes as the logs would show them: URLs redacted like the request log's, addresses and keys in any text. */
export function redactedAttributes(attributes: Attributes): Attributes {
  const redacted: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) redacted[key] = redactValue(key, value);
  return redacted;
}

/** A finished span as it may leave the process: its name, attributes, events, links and status redacted. */
export function redactedSpan(span: ReadableSpan): ReadableSpan {
  const events: TimedEvent[] = span.events.map((event) => ({
    ...event,
    name: redactText(event.name),
    ...(event.attributes ? { attributes: redactedAttributes(event.attributes) } : {}),
  }));
  return {
    name: redactText(span.name),
    kind: span.kind,
    spanContext: () => span.spanContext(),
    parentSpanContext: span.parentSpanContext,
    startTime: span.startTime,
    endTime: span.endTime,
    status:
      span.status.message === undefined ? span.status : { ...span.status, message: redactText(span.status.message) },
    attributes: redactedAttributes(span.attributes),
    links: span.links.map((link) =>
      link.attributes ? { ...link, attributes: redactedAttributes(link.attributes) } : link,
    ),
    events,
    duration: span.duration,
    ended: span.ended,
    resource: span.resource,
    instrumentationScope: span.instrumentationScope,
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  };
}

/**
 * Stands before the processors that export spans: each ended span reaches them redacted (redactedSpan), so that
 * whoever reads the trace store finds in it no more than the logs hold: an e-mailed link's key read from a span
 * could reset a password, a capture session's identifier take the applicant's photos.
 */
export class RedactingSpanProcessor implements SpanProcessor {
  constructor(private readonly exporting: readonly SpanProcessor[]) {}

  onStart(span: Span, parentContext: Context): void {
    for (const processor of this.exporting) processor.onStart(span, parentContext);
  }

  onEnd(span: ReadableSpan): void {
    const redacted = redactedSpan(span);
    for (const processor of this.exporting) processor.onEnd(redacted);
  }

  async forceFlush(): Promise<void> {
    await Promise.all(this.exporting.map((processor) => processor.forceFlush()));
  }

  async shutdown(): Promise<void> {
    await Promise.all(this.exporting.map((processor) => processor.shutdown()));
  }
}
