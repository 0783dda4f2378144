import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasEnded, stopProcess } from '../../src/server/testing/processes';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A port nobody listens on right now, chosen by the system. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  baseURL: string;
  port: number;
  dataDir: string;
  /** Ends the process politely (SIGTERM). */
  stop(): Promise<void>;
  /** Ends the process at once (SIGKILL): no shutdown hooks, no flushing, as a crash or a pulled plug. */
  kill(): Promise<void>;
}

export interface ServerOptions {
  /** Extra configuration, e.g. a short access-token lifetime or an edited copy's SCHEMAS_DIR. */
  env?: Record<string, string>;
  /** With `dataDir`, the port and data of a server that was stopped: it starts again on the same data. */
  port?: number;
  dataDir?: string;
}

/**
 * Starts a real server of a journey's own (e2e/support/start-server.ts: built portal, embedded database,
 * development mailbox) on a free port and waits until /health answers.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'eta-e2e-own-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/start-server.ts'], {
    cwd: root,
    env: { ...process.env, ...options.env, E2E_PORT: String(port), E2E_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const baseURL = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (hasEnded(child)) throw new Error(`The server on port ${port} exited: ${output}`);
    try {
      if ((await fetch(`${baseURL}/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server on port ${port} did not start within 60 s: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseURL,
    port,
    dataDir,
    stop: () => stopProcess(child, 'SIGTERM'),
    kill: () => stopProcess(child, 'SIGKILL'),
  };
}
