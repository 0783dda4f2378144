import type { ChildProcess } from 'node:child_process';

/** Whether a child process has ended: by exiting, or by a signal (then its `exitCode` stays null). */
export const hasEnded = (child: ChildProcess): boolean => child.exitCode !== null || child.signalCode !== null;

/** Sends `signal` to a child process and settles once it has ended; at once when it already has. */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise<void>((resolve) => {
    if (hasEnded(child)) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
