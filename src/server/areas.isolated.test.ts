import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn } from './applications/testing/client';
import { paymentsRepository } from './payments/repository';
import { submittedApplication } from './payments/testing/client';
import { buildTestApp } from './testing/harness';

// Each area's repository factory is counted: an app makes its repositories once, whatever its requests do.
vi.mock('./payments/repository', async (importOriginal) => {
  const original = await importOriginal<typeof import('./payments/repository')>();
  return { ...original, paymentsRepository: vi.fn(original.paymentsRepository) };
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
});
