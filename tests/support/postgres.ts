import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A PostgreSQL cluster started for one test run, on loopback, trusting local connections. */
export interface ScratchPostgres {
  url: string;
  stop(): void;
  /** Stops the server (fast shutdown: open connections are ended) and starts it again on the same port and data. */
  restart(options?: { whileDown?: () => Promise<void> }): Promise<void>;
}

function findPgBin(name: string): string | undefined {
  const candidates = [
    ...(process.env.PATH ?? '').split(':').map((dir) => join(dir, name)),
    ...(existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .sort()
          .reverse()
          .map((v) => join('/usr/lib/postgresql', v, 'bin', name))
      : []),
  ];
  return candidates.find((p) => existsSync(p));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function installFromDebian(log: (line: string) => void): void {
  log("PostgreSQL is not installed: installing Debian's postgresql package (apt-get) ...");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'postgresql'], { stdio: 'inherit', env });
}

/**
 * Starts a throw-away PostgreSQL cluster (initdb + pg_ctl) on a free loopback port. As root the cluster runs as
 * the `postgres` user, because PostgreSQL refuses to run as root. Installs Debian's package when missing.
 */
export async function startScratchPostgres(log: (line: string) => void = console.log): Promise<ScratchPostgres> {
  let initdb = findPgBin('initdb');
  let pgCtl = findPgBin('pg_ctl');
  if ((!initdb || !pgCtl) && isRoot() && existsSync('/etc/debian_version')) {
    installFromDebian(log);
    initdb = findPgBin('initdb');
    pgCtl = findPgBin('pg_ctl');
  }
  if (!initdb || !pgCtl) throw new Error("PostgreSQL (initdb, pg_ctl) not found; install Debian's postgresql package.");

  const dir = mkdtempSync(join(tmpdir(), 'eta-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  const asPostgres = (cmd: string, args: string[]) =>
    isRoot()
      ? spawnSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { encoding: 'utf8' })
      : spawnSync(cmd, args, { encoding: 'utf8' });

  const init = asPostgres(initdb, ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const startServer = () => {
    const start = asPostgres(pgCtl!, ['-D', data, '-o', options, '-l', join(dir, 'log.txt'), '-w', 'start']);
    if (start.status !== 0) throw new Error(`pg_ctl start failed: ${start.stderr || start.stdout}`);
  };
  startServer();
  log(`Scratch PostgreSQL on 127.0.0.1:${port}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart({ whileDown } = {}) {
      const stopped = asPostgres(pgCtl!, ['-D', data, '-m', 'fast', '-w', 'stop']);
      if (stopped.status !== 0) throw new Error(`pg_ctl stop failed: ${stopped.stderr || stopped.stdout}`);
      try {
        await whileDown?.();
      } finally {
        startServer();
      }
    },
    stop() {
      asPostgres(pgCtl!, ['-D', data, '-m', 'immediate', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
