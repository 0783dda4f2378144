import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Whether the openssl command is on this machine (the Apple Wallet tests make their credentials with it). */
export const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version']);
    return true;
  } catch {
    return false;
  }
})();

/** Whether the unzip command is on this machine (the Apple Wallet tests open the .pkpass with it). */
export const hasUnzip = (() => {
  try {
    execFileSync('unzip', ['-v']);
    return true;
  } catch {
    return false;
  }
})();

export interface TestAppleCredentials {
  /** The stand-in for Apple's WWDR intermediate: a self-signed RSA CA. */
  wwdr: string;
  wwdrFile: string;
  /** A pass type certificate issued by that CA, and its key encrypted with `passphrase`. */
  signerCert: string;
  signerKey: string;
  passphrase: string;
}

const openssl = (dir: string, ...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

/** A CA standing in for Apple's WWDR and a pass type certificate it issued, made in `dir`. */
export function makeAppleCredentials(dir: string, name = 'wwdr'): TestAppleCredentials {
  const passphrase = 'correct horse battery staple';
  openssl(
    dir,
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.pem`,
    '-subj',
    `/CN=Test ${name} Relations CA/O=Test`,
    '-days',
    '2',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  openssl(
    dir,
    'genpkey',
    '-algorithm',
    'RSA',
    '-pkeyopt',
    'rsa_keygen_bits:2048',
    '-aes-256-cbc',
    '-pass',
    `pass:${passphrase}`,
    '-out',
    `${name}-signer.key`,
  );
  openssl(
    dir,
    'req',
    '-new',
    '-key',
    `${name}-signer.key`,
    '-passin',
    `pass:${passphrase}`,
    '-subj',
    '/UID=pass.za.gov.dha.eta/CN=Pass Type ID: pass.za.gov.dha.eta/OU=ABCDE12345/O=Test',
    '-out',
    `${name}-signer.csr`,
  );
  openssl(
    dir,
    'x509',
    '-req',
    '-in',
    `${name}-signer.csr`,
    '-CA',
    `${name}.pem`,
    '-CAkey',
    `${name}.key`,
    '-CAcreateserial',
    '-days',
    '2',
    '-out',
    `${name}-signer.pem`,
  );
  const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');
  return {
    wwdr: read(`${name}.pem`),
    wwdrFile: path.join(dir, `${name}.pem`),
    signerCert: read(`${name}-signer.pem`),
    signerKey: read(`${name}-signer.key`),
    passphrase,
  };
}
