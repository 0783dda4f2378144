import Busboy, { type BusboyHeaders, type BusboyInstance } from '@fastify/busboy';
import type { FastifyRequest } from 'fastify';
import type { PostPolicy } from '../../shared/post-policy';

/**
 * A form posted to a page, read as it arrives and never beyond what the page's form can hold (its policy, see
 * src/routing/post-policy.ts): no more fields than the form has, no field longer than a field can be, no more bytes
 * than the limit, and files only where the page takes them. The form's token is checked as soon as it arrives, and
 * a post whose token has not arrived before the first file is refused there, so a large body is never read for a
 * post that will not be acted on.
 */

/** The content types of a form a browser posts. */
const URLENCODED = /^application\/x-www-form-urlencoded\b/i;
const MULTIPART = /^multipart\/form-data\b/i;

/** The most bytes of a form of fields alone: far beyond the longest form a visitor can fill in. */
export const FIELDS_BODY_LIMIT = 128 * 1024;
/** The longest value of one field (the longest text a form asks for is a few thousand characters). */
const FIELD_SIZE = 16 * 1024;
/** The longest name of one field (a dotted path such as `mobile.isoAlpha2Code`). */
const FIELD_NAME_SIZE = 200;
/** The most files one form posts (both photos, or one supporting document). */
const FILES = 4;

/** Why a posted form was not read. */
export type Refusal =
  /** Over the bytes or fields its form can have: 413. */
  | { status: 413; key: 'api:errors.payloadTooLarge' | 'api:errors.bodyTooComplex' }
  /** A body the page does not take (files where it takes none, or no form at all): 400. */
  | { status: 400; key: 'api:errors.badRequest' }
  /** The form's token is missing or wrong: nothing is acted on, and the page is shown again. */
  | { status: 403; key: 'csrf' };

export type PostedBody = { fields: FormData; refusal?: undefined } | { refusal: Refusal; fields?: undefined };

export interface ReadOptions {
  policy: PostPolicy;
  /** The most bytes of a post with files (the photos, a document, with room for the form's fields). */
  uploadLimit: number;
  /** Whether a posted token is the visitor's own. */
  tokenAccepted: (token: string | undefined) => boolean;
  tokenField: string;
}

class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.key);
  }
}

/**
 * Reads the form posted with `request`, or says why it was refused. A refused body is not read further; the
 * connection is then closed by the caller's answer (`connection: close`).
 */
export function readPostedBody(request: FastifyRequest, options: ReadOptions): Promise<PostedBody> {
  const type = request.headers['content-type'] ?? '';
  const { policy } = options;
  const multipart = MULTIPART.test(type);
  if (!multipart && !URLENCODED.test(type))
    return Promise.resolve({ refusal: { status: 400, key: 'api:errors.badRequest' } });
  if (multipart && !policy.files) return Promise.resolve({ refusal: { status: 400, key: 'api:errors.badRequest' } });
  const byteLimit = multipart ? options.uploadLimit : FIELDS_BODY_LIMIT;
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > byteLimit) {
    return Promise.resolve({ refusal: { status: 413, key: 'api:errors.payloadTooLarge' } });
  }

  return new Promise<PostedBody>((resolve) => {
    const fields = new FormData();
    let count = 0;
    let token: string | undefined;
    let tokenSeen = false;
    let settled = false;
    let busboy: BusboyInstance | undefined;
    const pending: Promise<void>[] = [];
    const finish = (body: PostedBody) => {
      if (settled) return;
      settled = true;
      request.raw.unpipe();
      if (body.refusal) {
        // Nothing more is read: what is still on its way is dropped.
        request.raw.resume();
        busboy?.removeAllListeners();
        busboy?.on('error', () => undefined);
      }
      resolve(body);
    };
    const refuse = (refusal: Refusal) => finish({ refusal });
    const checkToken = () => {
      if (!options.tokenAccepted(token)) throw new Refused({ status: 403, key: 'csrf' });
    };
    const guard = (work: () => void) => {
      try {
        work();
      } catch (error) {
        if (error instanceof Refused) refuse(error.refusal);
        else finish({ refusal: { status: 400, key: 'api:errors.badRequest' } });
      }
    };

    try {
      busboy = new Busboy({
        headers: request.headers as BusboyHeaders,
        limits: {
          fields: policy.fields + 1,
          fieldSize: FIELD_SIZE,
          fieldNameSize: FIELD_NAME_SIZE,
          files: policy.files ? FILES : 0,
          fileSize: byteLimit,
          parts: policy.fields + 1 + FILES,
        },
      });
    } catch {
      // A multipart type without its boundary, or a charset Node does not know.
      refuse({ status: 400, key: 'api:errors.badRequest' });
      return;
    }
    busboy.on('field', (name: string, value: string, nameTruncated: boolean, valueTruncated: boolean) =>
      guard(() => {
        if (nameTruncated || valueTruncated) throw new Refused({ status: 413, key: 'api:errors.bodyTooComplex' });
        // The parser stops at one field beyond the most (it may stop there without saying so).
        count += 1;
        if (count > policy.fields) throw new Refused({ status: 413, key: 'api:errors.bodyTooComplex' });
        if (name === options.tokenField && !tokenSeen) {
          tokenSeen = true;
          token = value;
          if (multipart) checkToken();
        }
        fields.append(name, value);
      }),
    );
    busboy.on(
      'file',
      (name: string, stream: NodeJS.ReadableStream, fileName: string, _encoding: string, mime: string) =>
        guard(() => {
          // A file is read only once the form's token has been seen and accepted.
          if (!tokenSeen) throw new Refused({ status: 403, key: 'csrf' });
          const chunks: Buffer[] = [];
          pending.push(
            new Promise<void>((done) => {
              stream.on('data', (chunk: Buffer) => chunks.push(chunk));
              stream.on('limit', () => refuse({ status: 413, key: 'api:errors.payloadTooLarge' }));
              stream.on('end', () => {
                // A file input left empty posts a part with no name and no bytes: no file was chosen.
                if (fileName || chunks.length > 0) {
                  fields.append(
                    name,
                    new File([new Uint8Array(Buffer.concat(chunks))], fileName, {
                      type: mime || 'application/octet-stream',
                    }),
                  );
                }
                done();
              });
              stream.on('error', () => done());
            }),
          );
        }),
    );
    for (const limit of ['fieldsLimit', 'partsLimit'] as const) {
      busboy.on(limit, () => refuse({ status: 413, key: 'api:errors.bodyTooComplex' }));
    }
    busboy.on('filesLimit', () => refuse({ status: 413, key: 'api:errors.bodyTooComplex' }));
    busboy.on('error', () => refuse({ status: 400, key: 'api:errors.badRequest' }));
    busboy.on('finish', () =>
      guard(() => {
        void Promise.all(pending).then(() =>
          guard(() => {
            if (settled) return;
            checkToken();
            finish({ fields });
          }),
        );
      }),
    );

    let bytes = 0;
    request.raw.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > byteLimit) refuse({ status: 413, key: 'api:errors.payloadTooLarge' });
    });
    request.raw.on('error', () => refuse({ status: 400, key: 'api:errors.badRequest' }));
    request.raw.on('aborted', () => refuse({ status: 400, key: 'api:errors.badRequest' }));
    request.raw.pipe(busboy);
  });
}
