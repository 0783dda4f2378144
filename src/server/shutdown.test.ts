import { EventEmitter } from 'node:events';
import type { FastifyPluginAsync } from 'fastify';
import { describe, expect, it } from 'vitest';
import { installGracefulShutdown } from './shutdown';
import { buildTestApp } from './testing/harness';

describe('graceful shutdown', () => {
  it('on SIGTERM finishes the request in flight, refuses new ones, closes the database and exits 0', async () => {
    let release: () => void = () => {};
    let arrived: () => void = () => {};
    const hasArrived = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const slow: FastifyPluginAsync = async (scope) => {
      scope.get('/api/test/slow', async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
          arrived();
        });
        return { done: true };
      });
    };
    const app = await buildTestApp({ plugins: [slow] });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const signals = new EventEmitter();
    const exited = new Promise<number>((resolve) => installGracefulShutdown(app, { source: signals, exit: resolve }));

    const inFlight = fetch(`http://127.0.0.1:${port}/api/test/slow`);
    await hasArrived;
    signals.emit('SIGTERM');
    // Closing runs the app's pre-close work first; however long that takes, new connections end up refused.
    const health = () =>
      fetch(`http://127.0.0.1:${port}/health`, { headers: { connection: 'close' } }).then(
        () => 'answered',
        () => 'refused',
      );
    await expect.poll(health, { timeout: 5_000 }).toBe('refused');
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    expect(await exited).toBe(0);
    await expect(app.db.selectFrom('meta').selectAll().execute()).rejects.toThrow();
  });

  it('answers "not ready" for the drain time before refusing connections', async () => {
    const app = await buildTestApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const signals = new EventEmitter();
    const exited = new Promise<number>((resolve) =>
      installGracefulShutdown(app, { source: signals, exit: resolve, drainMs: 1500 }),
    );
    const ready = () => fetch(`http://127.0.0.1:${port}/health/ready`).then((r) => r.status);
    expect(await ready()).toBe(200);
    signals.emit('SIGTERM');
    // At once not ready, while every other call is still answered.
    expect(await ready()).toBe(503);
    const envs = await fetch(`http://127.0.0.1:${port}/envs`);
    expect(envs.status).toBe(200);
    expect(envs.headers.get('connection')).toBe('close');
    expect(await exited).toBe(0);
    await expect(ready()).rejects.toThrow();
  });

  it('exits 1 when requests do not finish in time', async () => {
    const stuck: FastifyPluginAsync = async (scope) => {
      scope.get('/api/test/stuck', () => new Promise(() => {}));
    };
    const app = await buildTestApp({ plugins: [stuck] });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const signals = new EventEmitter();
    const exited = new Promise<number>((resolve) =>
      installGracefulShutdown(app, { source: signals, exit: resolve, timeoutMs: 200 }),
    );
    const controller = new AbortController();
    const pending = fetch(`http://127.0.0.1:${port}/api/test/stuck`, { signal: controller.signal }).catch(
      () => undefined,
    );
    // The request must be in flight (counted by the server) before the signal.
    await expect
      .poll(() => new Promise<number>((resolve) => app.server.getConnections((_, count) => resolve(count))))
      .toBe(1);
    signals.emit('SIGINT');
    expect(await exited).toBe(1);
    controller.abort();
    await pending;
    app.server.closeAllConnections();
  });
});
