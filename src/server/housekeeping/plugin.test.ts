import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHOTOS_FOLDER } from '../biometrics/photo-objects';
import type { LocalDiskStorage } from '../storage/local-disk-storage';
import { createStorage } from '../storage/storage';
import { strayFile } from '../storage/testing/stray-file';
import { buildTestApp, databases } from '../testing/harness';
import { FIRST_RUN_DELAY_MS, runHousekeeping } from './plugin';
import { scheduleHousekeeping } from './scheduler';

const INTERVAL_MS = 3_600_000;

/** A run that finishes only when `finish` is called. */
function controllableRun() {
  const starts: AbortSignal[] = [];
  let finish: () => void = () => undefined;
  const run = vi.fn(
    (signal: AbortSignal) =>
      new Promise<void>((resolve) => {
        starts.push(signal);
        finish = resolve;
      }),
  );
  return { run, starts, finish: () => finish() };
}

describe('scheduleHousekeeping', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs shortly after the start, then one interval after each run ends, never two at once', async () => {
    vi.useFakeTimers();
    const { run, finish } = controllableRun();
    const schedule = scheduleHousekeeping(run, {
      firstRunDelayMs: 60_000,
      intervalMs: INTERVAL_MS,
      log: { error: vi.fn() },
    });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(run).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    // A run slower than the interval: nothing starts beside it.
    await vi.advanceTimersByTimeAsync(3 * INTERVAL_MS);
    expect(run).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(INTERVAL_MS - 1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    finish();
    await schedule.stop();
  });

  it('logs a failing run and goes on', async () => {
    vi.useFakeTimers();
    const error = new Error('database unavailable');
    const run = vi.fn().mockRejectedValueOnce(error).mockResolvedValue(undefined);
    const log = { error: vi.fn() };
    const schedule = scheduleHousekeeping(run, { firstRunDelayMs: 1000, intervalMs: INTERVAL_MS, log });
    await vi.advanceTimersByTimeAsync(1000);
    expect(log.error).toHaveBeenCalledWith({ err: error, event: 'housekeeping' }, 'housekeeping failed');
    await vi.advanceTimersByTimeAsync(INTERVAL_MS);
    expect(run).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledTimes(1);
    await schedule.stop();
  });

  it('does not keep the process alive', async () => {
    const setTimer = vi.spyOn(globalThis, 'setTimeout');
    const schedule = scheduleHousekeeping(vi.fn(), {
      firstRunDelayMs: 1000,
      intervalMs: INTERVAL_MS,
      log: { error: vi.fn() },
    });
    expect(setTimer).toHaveBeenCalledTimes(1);
    expect((setTimer.mock.results[0].value as NodeJS.Timeout).hasRef()).toBe(false);
    setTimer.mockRestore();
    await schedule.stop();
  });

  it('on stop clears its timer, asks a run in progress to stop and waits for it', async () => {
    vi.useFakeTimers();
    const { run, starts, finish } = controllableRun();
    const schedule = scheduleHousekeeping(run, {
      firstRunDelayMs: 1000,
      intervalMs: INTERVAL_MS,
      log: { error: vi.fn() },
    });
    await vi.advanceTimersByTimeAsync(1000);
    let stopped = false;
    const stopping = schedule.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(starts[0].aborted).toBe(true);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10 * INTERVAL_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe.each(databases())('the housekeeping plugin on %s', (kind) => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
    vi.useRealTimers();
  });

  const oldMessage = () => ({
    id: randomUUID(),
    recipient: 'ana@example.com',
    subject: 'Old',
    text_body: 'Old',
    html_body: '<p>Old</p>',
    created_at: new Date(Date.now() - 8 * 86_400_000).toISOString(),
  });
  const messages = async (target: FastifyInstance) =>
    (await target.db.selectFrom('dev_mailbox').select('id').execute()).length;

  it('sweeps shortly after the start and every interval, logging the counts, and stops on close', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const lines: Array<Record<string, unknown>> = [];
    app = await buildTestApp({
      db: kind,
      logLevel: 'info',
      logStream: { write: (line) => lines.push(JSON.parse(line)) },
      housekeepingIntervalSeconds: 600,
    });
    await app.db.insertInto('dev_mailbox').values(oldMessage()).execute();
    await vi.advanceTimersByTimeAsync(FIRST_RUN_DELAY_MS - 1);
    expect(await messages(app)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(async () => expect(await messages(app!)).toBe(0));
    const sweeps = () => lines.filter((line) => line.event === 'housekeeping');
    await vi.waitFor(() => expect(sweeps()).toHaveLength(1));
    expect(sweeps()[0]).toMatchObject({ msg: 'expired rows removed', deleted: { devMailbox: 1, emailKeys: 0 } });

    await app.db.insertInto('dev_mailbox').values(oldMessage()).execute();
    // The next run is timed from the end of this one, whose later tasks (the photo files) may still be going.
    await vi.waitFor(() => expect(lines.filter((line) => line.event === 'housekeeping-finished')).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(600_000);
    await vi.waitFor(() => expect(sweeps()).toHaveLength(2));
    expect(await messages(app)).toBe(0);

    await app.close();
    app = undefined;
    await vi.advanceTimersByTimeAsync(10 * 600_000);
    expect(sweeps()).toHaveLength(2);
    expect(lines.filter((line) => line.event === 'housekeeping' && line.level === 50)).toEqual([]);
  });

  it('never runs when HOUSEKEEPING_INTERVAL_SECONDS is 0', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    app = await buildTestApp({ db: kind, housekeepingIntervalSeconds: 0 });
    await app.db.insertInto('dev_mailbox').values(oldMessage()).execute();
    await vi.advanceTimersByTimeAsync(10 * FIRST_RUN_DELAY_MS);
    expect(await messages(app)).toBe(1);
  });

  it('logs a failing task and still runs the others', async () => {
    app = await buildTestApp({ db: kind, housekeepingIntervalSeconds: 0 });
    const error = vi.spyOn(app.log, 'error');
    const second = vi.fn();
    await runHousekeeping(app, new AbortController().signal, [
      { name: 'broken', run: () => Promise.reject(new Error('disk gone')) },
      { name: 'second', run: second },
    ]);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ event: 'housekeeping', task: 'broken' }),
      'housekeeping task failed',
    );
    expect(second).toHaveBeenCalledTimes(1);
  });
  it('removes photo files that no applicant names any more, once they are an hour old', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'eta-housekeeping-'));
    try {
      app = await buildTestApp({ db: kind, housekeepingIntervalSeconds: 0, env: { DATA_DIR: dataDir } });
      // The installation's store is the local disk, whose files can be aged.
      const storage = createStorage(app.config) as LocalDiskStorage;
      const stored = (hoursAgo: number) =>
        strayFile(storage, PHOTOS_FOLDER, new Date(Date.now() - hoursAgo * 60 * 60 * 1000));
      const old = await stored(2);
      const young = await stored(0);
      await runHousekeeping(app, new AbortController().signal);
      const left: string[] = [];
      for await (const object of storage.list(PHOTOS_FOLDER)) left.push(object.key);
      expect(left).toEqual([young]);
      expect(left).not.toContain(old);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
