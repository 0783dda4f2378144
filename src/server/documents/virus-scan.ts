import { connect } from 'node:net';

/** What a scan found. */
export type ScanResult = { clean: true } | { clean: false; signature: string };

/** Looks for malware in an uploaded file before anything else is done with it. */
export interface VirusScanner {
  /** Throws when the scan could not be done (the upload is then refused as "try again later"). */
  scan(data: Buffer): Promise<ScanResult>;
}

// The EICAR anti-virus test file (68 bytes), in two halves so that this source file is not itself reported.
const EICAR = Buffer.from('X5O!P%@AP[4\\PZX54(P^)7CC)7}$' + 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*', 'latin1');

/**
 * The scanner used when no ClamAV daemon is configured. It is NOT an anti-virus: it only recognises the EICAR
 * test file, so that the refusal path can be exercised end to end. Real malware is detected only with ClamAV
 * (CLAMAV_HOST); images are re-encoded and PDFs with active content refused either way.
 */
export class EicarOnlyScanner implements VirusScanner {
  async scan(data: Buffer): Promise<ScanResult> {
    return data.includes(EICAR) ? { clean: false, signature: 'Eicar-Test-Signature' } : { clean: true };
  }
}

export interface ClamdOptions {
  host: string;
  port: number;
  /** Gives up (and the upload is refused for now) after this long without an answer. */
  timeoutMs?: number;
  /** Bytes sent per INSTREAM chunk (clamd's StreamMaxLength still bounds the whole file). */
  chunkBytes?: number;
}

/**
 * A ClamAV daemon reached over TCP, speaking clamd's INSTREAM command: "zINSTREAM\0", then chunks each
 * prefixed with their length as a 4-byte big-endian integer, then a zero length; clamd answers
 * "stream: OK", "stream: <signature> FOUND" or "<reason> ERROR", terminated by a NUL byte.
 */
export class ClamdScanner implements VirusScanner {
  constructor(private readonly options: ClamdOptions) {}

  scan(data: Buffer): Promise<ScanResult> {
    const { host, port, timeoutMs = 30_000, chunkBytes = 64 * 1024 } = this.options;
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port });
      const received: Buffer[] = [];
      let settled = false;
      const finish = (error: Error | undefined, result?: ScanResult) => {
        if (settled) return;
        settled = true;
        socket.destroy();
        if (error) reject(error);
        else resolve(result as ScanResult);
      };
      const answer = () => {
        const text = Buffer.concat(received).toString('utf8').replace(/\0/g, '').trim();
        if (/^stream: OK$/.test(text)) return finish(undefined, { clean: true });
        const found = /^stream: (.+) FOUND$/.exec(text);
        if (found) return finish(undefined, { clean: false, signature: found[1] });
        finish(new Error(`clamd could not scan the file: ${text || 'no answer'}`));
      };
      socket.setTimeout(timeoutMs, () => finish(new Error(`clamd at ${host}:${port} did not answer in time`)));
      socket.on('error', (error) => finish(error));
      socket.on('data', (chunk: Buffer) => {
        received.push(chunk);
        if (chunk.includes(0)) answer();
      });
      socket.on('end', answer);
      socket.on('connect', () => {
        socket.write('zINSTREAM\0');
        for (let offset = 0; offset < data.length; offset += chunkBytes) {
          const chunk = data.subarray(offset, offset + chunkBytes);
          const length = Buffer.alloc(4);
          length.writeUInt32BE(chunk.length);
          socket.write(length);
          socket.write(chunk);
        }
        socket.write(Buffer.alloc(4));
      });
    });
  }
}

/** ClamAV when CLAMAV_HOST is set, else the EICAR-only scanner (see EicarOnlyScanner: no real protection). */
export function createVirusScanner(config: { clamav?: { host: string; port: number } }): VirusScanner {
  return config.clamav ? new ClamdScanner(config.clamav) : new EicarOnlyScanner();
}
