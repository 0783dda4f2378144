import { createHash, createPublicKey, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A self-signed X.509 certificate for an EC key, written in DER by hand: the few structures it needs (RFC 5280)
 * are small, and a certificate made here is read back and checked with node's X509Certificate before use.
 */

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

function lengthBytes(length: number): number[] {
  if (length < 0x80) return [length];
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return [0x80 | bytes.length, ...bytes];
}

const tlv = (tag: number, ...content: Uint8Array[]): Uint8Array => {
  const body = concat(content);
  return concat([Uint8Array.of(tag, ...lengthBytes(body.length)), body]);
};
const sequence = (...content: Uint8Array[]) => tlv(0x30, ...content);
const explicit = (tagNumber: number, ...content: Uint8Array[]) => tlv(0xa0 + tagNumber, ...content);
const octetString = (content: Uint8Array) => tlv(0x04, content);
const utf8String = (value: string) => tlv(0x0c, new TextEncoder().encode(value));
const TRUE = Uint8Array.of(0x01, 0x01, 0xff);

function objectIdentifier(dotted: string): Uint8Array {
  const [first, second, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * first + second];
  for (const arc of rest) {
    const base128 = [arc & 0x7f];
    for (let value = arc >>> 7; value > 0; value >>>= 7) base128.unshift(0x80 | (value & 0x7f));
    bytes.push(...base128);
  }
  return tlv(0x06, Uint8Array.from(bytes));
}

function positiveInteger(value: Uint8Array): Uint8Array {
  let start = 0;
  while (start < value.length - 1 && value[start] === 0) start++;
  const digits = value.subarray(start);
  return tlv(0x02, digits[0] & 0x80 ? concat([Uint8Array.of(0), digits]) : digits);
}

/** UTCTime until 2049, GeneralizedTime from 2050, as RFC 5280 asks. */
function time(date: Date): Uint8Array {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';
  const year = date.getUTCFullYear();
  return year < 2050 ? tlv(0x17, new TextEncoder().encode(iso.slice(2))) : tlv(0x18, new TextEncoder().encode(iso));
}

const OID = {
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  keyUsage: '2.5.29.15',
  basicConstraints: '2.5.29.19',
  subjectKeyIdentifier: '2.5.29.14',
};

export interface SelfSignedOptions {
  commonName: string;
  organization: string;
  notBefore: Date;
  notAfter: Date;
}

/**
 * A self-signed certificate (DER) for an EC private key, signed ecdsa-with-SHA256, for digital signatures only
 * (key usage digitalSignature, not a CA), named CN=commonName, O=organization.
 */
export function selfSignedCertificate(privateKey: KeyObject, options: SelfSignedOptions): Uint8Array {
  const spki = new Uint8Array(createPublicKey(privateKey).export({ type: 'spki', format: 'der' }));
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  const point = concat([Uint8Array.of(0x04), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
  const name = sequence(
    tlv(0x31, sequence(objectIdentifier(OID.commonName), utf8String(options.commonName))),
    tlv(0x31, sequence(objectIdentifier(OID.organization), utf8String(options.organization))),
  );
  const serial = randomBytes(16);
  serial[0] = (serial[0] & 0x7f) | 0x01; // positive, sixteen bytes long
  const algorithm = sequence(objectIdentifier(OID.ecdsaWithSha256));
  const extensions = sequence(
    // keyUsage: digitalSignature only (the first bit of the BIT STRING), critical.
    sequence(objectIdentifier(OID.keyUsage), TRUE, octetString(tlv(0x03, Uint8Array.of(0x07, 0x80)))),
    // basicConstraints: not a certification authority, critical.
    sequence(objectIdentifier(OID.basicConstraints), TRUE, octetString(sequence())),
    sequence(
      objectIdentifier(OID.subjectKeyIdentifier),
      octetString(octetString(createHash('sha1').update(point).digest())),
    ),
  );
  const tbs = sequence(
    explicit(0, positiveInteger(Uint8Array.of(2))),
    positiveInteger(serial),
    algorithm,
    name,
    sequence(time(options.notBefore), time(options.notAfter)),
    name,
    spki,
    explicit(3, extensions),
  );
  const signature = sign('sha256', tbs, { key: privateKey, dsaEncoding: 'der' });
  return sequence(tbs, algorithm, tlv(0x03, Uint8Array.of(0), signature));
}

/** A DER certificate as PEM text. */
export function certificatePem(der: Uint8Array): string {
  const lines =
    Buffer.from(der)
      .toString('base64')
      .match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}
