/**
 * The visible digital seal printed on every outcome document, in the manner of ICAO's visible digital seal for
 * non-constrained environments (VDS-NC): a JSON object of `data` (a header and the message) and `sig` (the
 * algorithm, which signer, and the signature). The signature is ECDSA P-256 with SHA-256, in the raw r||s form
 * WebCrypto makes and checks, over the UTF-8 bytes of `data` canonicalised (keys sorted, no spaces; the values are
 * strings and numbers only). Browser and server both use this module; it needs only WebCrypto.
 *
 * Version 2 names the signer by a reference to its certificate (`cr`: the first 8 bytes of the certificate's
 * SHA-256, base64url), as ICAO's barcode seals do, since the check uses the published certificate anyway: a seal
 * of about 300 characters, whose QR code is small enough to be scanned from a screen or a printed page. Version 1
 * carried the whole certificate (`cer`, about 900 characters in all); seals issued so, still stored with their
 * documents, verify as before.
 */

/** The header's type of every seal of this portal, and the version seals are signed in. */
export const SEAL_TYPE = 'eta.outcome';
export const SEAL_VERSION = 2;
/** The version that carried the signer's whole certificate. */
export const SEAL_VERSION_WITH_CERTIFICATE = 1;
export const SEAL_ALGORITHM = 'ES256';
/** Bytes of the certificate's SHA-256 a version 2 seal names its signer by. */
const CERTIFICATE_REFERENCE_BYTES = 8;

/** What a seal says of its document: nothing of the record beyond the holder's initials. */
export interface SealMessage {
  /** The document's kind: ETA, PERMIT or REJECTION_NOTICE. */
  typ: string;
  /** The document number. */
  no: string;
  /** The holder's initials, e.g. "M. A.". */
  ini: string;
  /** Issued on, YYYY-MM-DD. */
  iss: string;
  /** Valid from, YYYY-MM-DD. */
  vf: string;
  /** Valid until, YYYY-MM-DD; absent for a notice. */
  vu?: string;
}

export interface SealData {
  hdr: { t: string; v: number; is: string };
  msg: SealMessage;
}

export interface Seal {
  data: SealData;
  /** `cr` (version 2): the signer certificate's reference; `cer` (version 1): the certificate itself. */
  sig: { alg: string; cr?: string; cer?: string; sigvl: string };
}

/** Why a seal is refused. */
export type SealProblem = 'UNREADABLE' | 'UNKNOWN_SIGNER' | 'BAD_SIGNATURE';

export type SealCheck = { ok: true; seal: Seal } | { ok: false; problem: SealProblem };

/** JSON with the keys of every object sorted and no white space (RFC 8785 for strings, integers and objects). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The bytes a seal's signature covers. */
export const signedBytes = (data: SealData): Uint8Array<ArrayBuffer> => new TextEncoder().encode(canonicalJson(data));

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200;

/** The reference a version 2 seal names a signer certificate (DER) by: its SHA-256's first bytes, base64url. */
export async function certificateReference(certificate: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', certificate));
  return toBase64Url(digest.subarray(0, CERTIFICATE_REFERENCE_BYTES));
}

/** Whether a seal names its signer as its version says: by reference (2), or by the whole certificate (1). */
function signerNamed(version: unknown, sig: Seal['sig']): boolean {
  if (version === SEAL_VERSION) return typeof sig.cr === 'string' && sig.cer === undefined;
  return version === SEAL_VERSION_WITH_CERTIFICATE && typeof sig.cer === 'string' && sig.cr === undefined;
}

/** Reads a seal's text (what its QR code holds); undefined when it is not a seal of this portal's shape. */
export function parseSeal(text: string): Seal | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text.trim());
  } catch {
    return undefined;
  }
  const seal = value as Seal;
  const msg = seal?.data?.msg;
  const hdr = seal?.data?.hdr;
  if (
    !hdr ||
    !msg ||
    !seal.sig ||
    hdr.t !== SEAL_TYPE ||
    !isText(hdr.is) ||
    seal.sig.alg !== SEAL_ALGORITHM ||
    !signerNamed(hdr.v, seal.sig) ||
    typeof seal.sig.sigvl !== 'string' ||
    ![msg.typ, msg.no, msg.ini, msg.iss, msg.vf].every(isText) ||
    (msg.vu !== undefined && !isText(msg.vu))
  )
    return undefined;
  return seal;
}

/** Reads one DER element at `offset`: its tag, where its content starts and ends. */
function derElement(bytes: Uint8Array, offset: number): { tag: number; start: number; end: number } {
  const tag = bytes[offset];
  let length = bytes[offset + 1];
  let start = offset + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count < 1 || count > 4) throw new Error('unsupported DER length');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + bytes[start + i];
    start += count;
  }
  const end = start + length;
  if (tag === undefined || end > bytes.length) throw new Error('truncated DER');
  return { tag, start, end };
}

/** The SubjectPublicKeyInfo of an X.509 certificate (DER), as WebCrypto imports it ("spki"). */
export function certificatePublicKeyInfo(certificate: Uint8Array): Uint8Array<ArrayBuffer> {
  const cert = derElement(certificate, 0);
  const tbs = derElement(certificate, cert.start);
  let at = tbs.start;
  // version [0] is optional; then serial, signature algorithm, issuer, validity, subject, subjectPublicKeyInfo.
  if (derElement(certificate, at).tag === 0xa0) at = derElement(certificate, at).end;
  for (let field = 0; field < 5; field++) at = derElement(certificate, at).end;
  const spki = derElement(certificate, at);
  if (spki.tag !== 0x30) throw new Error('no subjectPublicKeyInfo');
  return new Uint8Array(certificate.slice(at, spki.end));
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

/** Whether a seal names the published certificate as its signer: by reference (version 2) or whole (version 1). */
async function namesCertificate(seal: Seal, published: Uint8Array<ArrayBuffer>): Promise<boolean> {
  if (seal.sig.cr !== undefined) return seal.sig.cr === (await certificateReference(published));
  return sameBytes(fromBase64Url(seal.sig.cer ?? ''), published);
}

/**
 * Checks a seal's text against the published signer certificate (DER): the seal must name that certificate and
 * carry a signature that verifies over its data with the certificate's key. Says why when it does not.
 */
export async function verifySeal(text: string, publishedCertificate: Uint8Array): Promise<SealCheck> {
  const seal = parseSeal(text);
  if (!seal) return { ok: false, problem: 'UNREADABLE' };
  const published = new Uint8Array(publishedCertificate);
  let signature: Uint8Array<ArrayBuffer>;
  let signer: boolean;
  try {
    signature = fromBase64Url(seal.sig.sigvl);
    signer = await namesCertificate(seal, published);
  } catch {
    return { ok: false, problem: 'UNREADABLE' };
  }
  if (!signer) return { ok: false, problem: 'UNKNOWN_SIGNER' };
  try {
    const key = await crypto.subtle.importKey(
      'spki',
      certificatePublicKeyInfo(published),
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
    const valid = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      key,
      signature,
      signedBytes(seal.data),
    );
    return valid ? { ok: true, seal } : { ok: false, problem: 'BAD_SIGNATURE' };
  } catch {
    return { ok: false, problem: 'BAD_SIGNATURE' };
  }
}
