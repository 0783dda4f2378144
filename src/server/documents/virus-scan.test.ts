import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../applications/testing/client';
import { applicantsAtDocuments, startDocumentsTestApp, uploadUrl } from './testing/app';
import { eicarFile, pdfFile, sendFile } from './testing/files';
import { ClamdScanner, createVirusScanner, EicarOnlyScanner } from './virus-scan';

/**
 * A tiny stand-in for clamd: reads "zINSTREAM\0" and length-prefixed chunks up to a zero length, then answers
 * like clamd, finding a "virus" in any stream that contains the EICAR string. It records what it received.
 */
function fakeClamd(mode: 'scan' | 'error' | 'silent' = 'scan') {
  const received: Buffer[] = [];
  const server: Server = createServer((socket) => {
    let buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const command = 'zINSTREAM\0';
      if (buffer.length < command.length) return;
      expect(buffer.subarray(0, command.length).toString()).toBe(command);
      let offset = command.length;
      const parts: Buffer[] = [];
      while (offset + 4 <= buffer.length) {
        const length = buffer.readUInt32BE(offset);
        if (length === 0) {
          const stream = Buffer.concat(parts);
          received.push(stream);
          if (mode === 'silent') return;
          if (mode === 'error') return socket.end('INSTREAM size limit exceeded. ERROR\0');
          const found = stream.includes(eicarFile());
          return socket.end(found ? 'stream: Eicar-Signature FOUND\0' : 'stream: OK\0');
        }
        if (offset + 4 + length > buffer.length) return;
        parts.push(buffer.subarray(offset + 4, offset + 4 + length));
        offset += 4 + length;
      }
    });
  });
  return {
    received,
    start: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the virus scanners', () => {
  it('without ClamAV, recognise only the EICAR test file', async () => {
    const scanner = createVirusScanner({});
    expect(scanner).toBeInstanceOf(EicarOnlyScanner);
    expect(await scanner.scan(eicarFile())).toEqual({ clean: false, signature: 'Eicar-Test-Signature' });
    expect(await scanner.scan(await pdfFile())).toEqual({ clean: true });
  });

  it('speak INSTREAM to clamd, in chunks, and read its verdict', async () => {
    const clamd = fakeClamd();
    const port = await clamd.start();
    try {
      const scanner = new ClamdScanner({ host: '127.0.0.1', port, chunkBytes: 1000 });
      const pdf = await pdfFile();
      expect(await scanner.scan(pdf)).toEqual({ clean: true });
      expect(clamd.received[0].equals(pdf)).toBe(true);
      expect(await scanner.scan(Buffer.concat([pdf, eicarFile()]))).toEqual({
        clean: false,
        signature: 'Eicar-Signature',
      });
    } finally {
      await clamd.stop();
    }
  });

  it('fail when clamd answers an error, does not answer, or cannot be reached', async () => {
    const failing = fakeClamd('error');
    const silent = fakeClamd('silent');
    const failingPort = await failing.start();
    const silentPort = await silent.start();
    try {
      await expect(new ClamdScanner({ host: '127.0.0.1', port: failingPort }).scan(Buffer.from('x'))).rejects.toThrow(
        /size limit exceeded/,
      );
      await expect(
        new ClamdScanner({ host: '127.0.0.1', port: silentPort, timeoutMs: 200 }).scan(Buffer.from('x')),
      ).rejects.toThrow(/did not answer/);
    } finally {
      await failing.stop();
      await silent.stop();
    }
    await expect(new ClamdScanner({ host: '127.0.0.1', port: failingPort }).scan(Buffer.from('x'))).rejects.toThrow();
  });
});

describe('uploads scanned by a ClamAV daemon (CLAMAV_HOST, CLAMAV_PORT)', () => {
  const clamd = fakeClamd();
  let fixture: Awaited<ReturnType<typeof startDocumentsTestApp>>;
  let port: number;
  beforeAll(async () => {
    port = await clamd.start();
    fixture = await startDocumentsTestApp('sqlite', { CLAMAV_HOST: '127.0.0.1', CLAMAV_PORT: String(port) });
  });
  afterAll(async () => {
    await fixture.close();
    await clamd.stop();
  });

  it('keeps what clamd passes, refuses what it finds, and asks to try later when it is down', async () => {
    const { app } = fixture;
    const ana = await signIn(app);
    const { applicationId, applicantIds } = await applicantsAtDocuments(app, ana);
    const url = uploadUrl(applicationId, applicantIds[0], 'OTHER');
    const pdf = await pdfFile();
    const kept = await sendFile(app, ana, 'POST', url, pdf);
    expect(kept.statusCode, kept.body).toBe(201);
    expect(clamd.received.at(-1)?.equals(pdf)).toBe(true);

    const infected = await sendFile(app, ana, 'POST', url, Buffer.concat([pdf, eicarFile()]));
    expect(infected.statusCode).toBe(422);
    expect(infected.json()).toMatchObject({ code: 'DOCUMENT_VIRUS', error: 'The selected file contains a virus' });

    await clamd.stop();
    const down = await sendFile(app, ana, 'POST', url, pdf);
    expect(down.statusCode).toBe(503);
    expect(down.json().code).toBe('DOCUMENT_SCAN_UNAVAILABLE');
    expect(down.headers['retry-after']).toBe('30');
    const listed = await call(app, ana, 'GET', `${url.split('&')[0]}`);
    expect(listed.json().requirements.at(-1).files).toHaveLength(1);
  });
});
