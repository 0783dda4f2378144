import type { AddressInfo } from 'node:net';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationBody } from '../accounts/testing/client';
import { signIn, type Caller } from '../applications/testing/client';
import { applicantsAtDocuments, startDocumentsTestApp, type DocumentsTestApp } from '../documents/testing/app';
import { pdfFile } from '../documents/testing/files';
import { readyApplication } from '../payments/testing/client';
import { exportingProcessors, startTracing, tracingRequested, type Tracing } from './tracing';

const SERVER = 1; // SpanKind.SERVER
const CLIENT = 2; // SpanKind.CLIENT

describe('tracing', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  let fixture: DocumentsTestApp;
  let base: string;
  let ana: Caller;

  beforeAll(async () => {
    tracing = await startTracing({ spanProcessors: [new SimpleSpanProcessor(exporter)], serviceName: 'eta-test' });
    fixture = await startDocumentsTestApp('sqlite', { LOG_LEVEL: 'info' });
    await fixture.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(fixture.app.server.address() as AddressInfo).port}`;
    ana = await signIn(fixture.app);
  });
  afterAll(async () => {
    await fixture?.close();
    await tracing?.stop();
  });

  /** The spans of the trace whose server span answered `requestId`, once the server span has ended. */
  async function traceOf(requestId: string): Promise<ReadableSpan[]> {
    let server: ReadableSpan | undefined;
    await expect
      .poll(() => {
        server = exporter.getFinishedSpans().find((s) => s.attributes['eta.request_id'] === requestId);
        return server !== undefined;
      })
      .toBe(true);
    const traceId = server!.spanContext().traceId;
    return exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);
  }

  it('is off unless an OTLP endpoint is configured', () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBe(
      false,
    );
  });

  it('makes one trace of an upload: the request, its database statements and the object store', async () => {
    const { applicationId, applicantIds } = await applicantsAtDocuments(fixture.app, ana);
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(await pdfFile('Hotel booking'))], { type: 'application/pdf' }),
      'b.pdf',
    );
    const response = await fetch(
      `${base}/api/eta/applications/${applicationId}/documents?applicantIdentifier=${applicantIds[0]}&documentType=PROOF_OF_ACCOMMODATION`,
      { method: 'POST', headers: { authorization: `Bearer ${ana.token}` }, body: form },
    );
    expect(response.status, await response.clone().text()).toBe(201);
    const requestId = response.headers.get('x-request-id')!;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    const spans = await traceOf(requestId);
    const server = spans.find((span) => span.kind === SERVER)!;
    expect(server.name).toBe('POST /api/eta/applications/:guid/documents');
    expect(server.attributes['http.route']).toBe('/api/eta/applications/:guid/documents');
    const names = spans.map((span) => span.name);
    expect(names).toContain('object store put');
    expect(names.filter((name) => name.startsWith('db '))).toEqual(expect.arrayContaining(['db select', 'db insert']));
    const statement = spans.find((span) => span.name === 'db insert')!.attributes['db.statement'];
    expect(statement).toMatch(/^insert into "applicant_documents"/);
    // One tree: the test's own fetch (its client span) at the root, the server span under it, the rest below.
    const ids = new Set(spans.map((span) => span.spanContext().spanId));
    const roots = spans.filter((span) => !ids.has(span.parentSpanContext?.spanId ?? ''));
    expect(roots).toHaveLength(1);
    expect(server.parentSpanContext?.spanId).toBe(roots[0].spanContext().spanId);
  });

  it('traces the mail transport and the payment provider inside their requests', async () => {
    const registered = await fetch(`${base}/api/eta/profile/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(registrationBody('traced@example.com')),
    });
    expect(registered.status).toBeLessThan(300);
    const mailTrace = await traceOf(registered.headers.get('x-request-id')!);
    expect(mailTrace.map((span) => span.name)).toContain('mail send');

    const { guid } = await readyApplication(fixture.app, ana);
    const started = await fetch(`${base}/api/eta/applications/${guid}/payment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ana.token}`, 'content-type': 'application/json', 'idempotency-key': guid },
      body: '{}',
    });
    expect(started.status, await started.clone().text()).toBeLessThan(300);
    const paymentTrace = await traceOf(started.headers.get('x-request-id')!);
    expect(paymentTrace.map((span) => span.name)).toContain('payment provider create');
  });

  it('names the request of an error answer by its X-Request-Id on its trace', async () => {
    const response = await fetch(`${base}/api/eta/applications/not-a-guid`, {
      headers: { authorization: `Bearer ${ana.token}` },
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code: string }).code).toBe('APPLICATION_NOT_FOUND');
    const server = (await traceOf(response.headers.get('x-request-id')!)).find((span) => span.kind === SERVER)!;
    expect(server.attributes['http.route']).toBe('/api/eta/applications/:guid');
    expect(server.attributes['http.status_code'] ?? server.attributes['http.response.status_code']).toBe(404);
  });

  it('exports no e-mailed key, e-mail address or capture-session identifier, in any span name or attribute', async () => {
    const key = 'AuthKeyOfTheTrace0123456789';
    const session = 'CaptureSessionOfTheTrace0123456789abcdefghij';
    const addresses = ['a@b.example', 'traced.person+x@example.org'];
    const requests: [string, RequestInit?][] = [
      [`/reset-password?authKey=${key}&email=${addresses[0]}`, { headers: { accept: 'text/html' } }],
      [`/verify-email?authKey=${key}&email=${encodeURIComponent(addresses[1])}`, { headers: { accept: 'text/html' } }],
      [`/api/eta/biometrics/capture-session-status/${session}`],
      [
        `/api/eta/biometrics/capture-session-status/${session}?lang=en`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
      ],
      [`/capture?sessionIdentifier=${session}&routeFrom=mobile`, { headers: { accept: 'text/html' } }],
      [`/dev/mailbox.json?to=${encodeURIComponent(addresses[1])}`],
    ];
    const spans: ReadableSpan[] = [];
    for (const [url, init] of requests) {
      const response = await fetch(`${base}${url}`, init);
      await response.arrayBuffer();
      spans.push(...(await traceOf(response.headers.get('x-request-id')!)));
    }
    const exported = JSON.stringify(
      spans.map((span) => ({
        name: span.name,
        attributes: span.attributes,
        events: span.events,
        status: span.status,
        links: span.links,
      })),
    );
    for (const secret of [key, session, ...addresses, ...addresses.map(encodeURIComponent)]) {
      expect(exported).not.toContain(secret);
    }
    const servers = spans.filter((span) => span.kind === SERVER);
    const queries = servers.map((span) => span.attributes['url.query']);
    expect(queries).toContain('authKey=[redacted]&email=[redacted]');
    expect(queries).toContain('sessionIdentifier=[redacted]&routeFrom=mobile');
    expect(queries).toContain('to=[redacted]');
    expect(servers.map((span) => span.attributes['url.path'])).toContain(
      '/api/eta/biometrics/capture-session-status/[redacted]',
    );
    // The route's pattern names the span, not the address asked.
    expect(servers.map((span) => span.name)).toContain(
      'GET /api/eta/biometrics/capture-session-status/:captureSessionIdentifier',
    );
    // The caller's side (this test's fetch) is redacted the same way.
    const fulls = spans.filter((span) => span.kind === CLIENT).map((span) => String(span.attributes['url.full']));
    expect(fulls).toContain(`${base}/reset-password?authKey=[redacted]&email=[redacted]`);
    expect(fulls).toContain(`${base}/api/eta/biometrics/capture-session-status/[redacted]`);
  });

  it('sends spans through the exporters the OTEL_* variables name when none are given', async () => {
    const processors = await exportingProcessors();
    try {
      expect(processors.map((processor) => processor.constructor.name)).toEqual(['BatchSpanProcessor']);
    } finally {
      await Promise.all(processors.map((processor) => processor.shutdown()));
    }
  });
});
