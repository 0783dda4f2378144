import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn } from './applications/testing/client';
import { runHousekeeping } from './housekeeping/plugin';
import { paymentsRepository } from './payments/repository';
import { submittedApplication } from './payments/testing/client';
import { createStorage } from './storage/storage';
import { buildTestApp } from './testing/harness';

// Each area's repository factory is counted: an app makes its repositories once, whatever its requests do.
vi.mock('./payments/repository', async (importOriginal) => {
  const original = await importOriginal<typeof import('./payments/repository')>();
  return { ...original, paymentsRepository: vi.fn(original.paymentsRepository) };
});
vi.mock('./storage/storage', async (importOriginal) => {
  const original = await importOriginal<typeof import('./storage/storage')>();
  return { ...original, createStorage: vi.fn(original.createStorage) };
});

describe("the server's areas", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('are built once per app: an application paid and submitted makes no repository of its own', async () => {
    const caller = await signIn(app);
    const { guid } = await submittedApplication(app, caller, 2);
    expect(guid).toBeTruthy();
    expect(vi.mocked(paymentsRepository)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(paymentsRepository)).toHaveBeenCalledWith(app.db);
    expect(app.repositories.payments).toBeDefined();
  });

  it('share one object store: photos, documents, readiness and housekeeping', async () => {
    expect((await app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
    await runHousekeeping(app, new AbortController().signal);
    expect(vi.mocked(createStorage)).toHaveBeenCalledTimes(1);
    expect(app.objects).toBeDefined();
  });
});
