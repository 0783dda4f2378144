import { startTracing, tracingRequested, type Tracing } from './telemetry/tracing';

/**
 * The server's program (`node dist/server/main.js`, `npm run serve`): tracing first when configured (it must patch
 * Node's HTTP modules before anything uses them), then the server (start.ts).
 */
async function main(): Promise<void> {
  let tracing: Tracing | undefined;
  if (tracingRequested(process.env)) tracing = await startTracing();
  const { startServer } = await import('./start');
  await startServer(tracing ? () => tracing.stop() : undefined);
}

main().catch((error: unknown) => {
  // The app's logger may not exist yet: write one JSON line like pino would.
  const err =
    error instanceof Error
      ? { type: error.name, message: error.message, stack: error.stack }
      : { message: String(error) };
  process.stderr.write(`${JSON.stringify({ level: 60, time: Date.now(), msg: 'server failed to start', err })}\n`);
  process.exit(1);
});
