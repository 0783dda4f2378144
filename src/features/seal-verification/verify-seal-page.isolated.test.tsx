import './testing-reflect';
import * as x509 from '@peculiar/x509';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { TextEncoder as NodeTextEncoder } from 'node:util';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  certificateReference,
  SEAL_ALGORITHM,
  SEAL_TYPE,
  SEAL_VERSION,
  SEAL_VERSION_WITH_CERTIFICATE,
  fromBase64Url,
  signedBytes,
  toBase64Url,
  type Seal,
  type SealData,
} from '@/shared/seal/seal';
import { englishI18n, mockFetch, renderPage } from '@/testing/page-harness';
import { readQrFromPhoto } from './read-qr';
import VerifySealPage from './verify-seal-page';

vi.mock('./read-qr', () => ({ readQrFromPhoto: vi.fn(), readQrFrom: vi.fn(), readQr: vi.fn() }));

// Generating keys and a certificate takes a moment on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

let i18n: I18n;
let certificate: string;
let otherCertificate: string;
let sealText: string;
let signerKeys: CryptoKeyPair;

/** Copies bytes made in the test document's realm into arrays Node's WebCrypto accepts. */
const plainBytes = (data: unknown) =>
  data instanceof ArrayBuffer ||
  ArrayBuffer.isView(data) ||
  Object.prototype.toString.call(data) === '[object ArrayBuffer]'
    ? Uint8Array.from(
        ArrayBuffer.isView(data)
          ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
          : new Uint8Array(data as ArrayBuffer),
      )
    : data;

/** WebCrypto for @peculiar/x509, taking its byte arrays whatever realm they were made in. */
function nodeRealmCrypto(): Crypto {
  const subtle = new Proxy(crypto.subtle, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => (value as (...a: unknown[]) => unknown).apply(target, args.map(plainBytes));
    },
  });
  return new Proxy(crypto, {
    get(target, property) {
      if (property === 'subtle') return subtle;
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const algorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

async function selfSigned(name: string) {
  const keys = (await crypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: `CN=${name}`,
    notBefore: new Date('2026-01-01T00:00:00Z'),
    notAfter: new Date('2036-01-01T00:00:00Z'),
    signingAlgorithm: algorithm,
    keys,
  });
  return { keys, der: new Uint8Array(cert.rawData) };
}

/** A seal of today (version 2, naming the certificate by reference) or one issued before (version 1, carrying it). */
async function makeSeal(keys: CryptoKeyPair, der: Uint8Array, data: SealData): Promise<string> {
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, keys.privateKey, signedBytes(data));
  const sigvl = toBase64Url(new Uint8Array(signature));
  const signer =
    data.hdr.v === SEAL_VERSION_WITH_CERTIFICATE
      ? { cer: toBase64Url(der) }
      : { cr: await certificateReference(new Uint8Array(der)) };
  const seal: Seal = { data, sig: { alg: SEAL_ALGORITHM, ...signer, sigvl } };
  return JSON.stringify(seal);
}

const DATA: SealData = {
  hdr: { t: SEAL_TYPE, v: SEAL_VERSION, is: 'ZA' },
  msg: { typ: 'ETA', no: 'ETA-2026-000123', ini: 'A. D.', iss: '2026-03-10', vf: '2026-03-10', vu: '2028-03-09' },
};

beforeAll(async () => {
  // The test document's TextEncoder makes bytes of another realm than the WebCrypto of Node accepts; a browser's
  // TextEncoder and WebCrypto share one.
  vi.stubGlobal('TextEncoder', NodeTextEncoder);
  x509.cryptoProvider.set(nodeRealmCrypto());
  i18n = await englishI18n(['outcomes', 'common', 'forms']);
  const signer = await selfSigned('Seal signer');
  signerKeys = signer.keys;
  certificate = toBase64Url(signer.der);
  sealText = await makeSeal(signer.keys, signer.der, DATA);
  otherCertificate = toBase64Url((await selfSigned('Someone else')).der);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.stubGlobal('TextEncoder', NodeTextEncoder);
  vi.mocked(readQrFromPhoto).mockReset();
});

/** The public API: the published certificate and the status of a document number. */
function sealApi(status = 'VALID', published = () => certificate) {
  return mockFetch((call) =>
    call.url.endsWith('/certificate') ? [200, { certificate: published() }] : [200, { status }],
  );
}

const textBox = () => screen.getByRole('textbox', { name: /The seal's text/ });
const check = () => fireEvent.click(screen.getByRole('button', { name: 'Check the seal' }));
const paste = (text: string) => fireEvent.change(textBox(), { target: { value: text } });

describe('VerifySealPage', () => {
  it('accepts a real seal, asks the status of its number and shows only validity, type, dates and initials', async () => {
    const calls = sealApi('VALID');
    renderPage(i18n, <VerifySealPage />, '/verify-seal');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Check a digital seal');
    paste(sealText);
    check();
    const result = (await screen.findByRole('heading', { name: 'Result' })).parentElement as HTMLElement;
    expect(result.closest('[aria-live="polite"]')).toBeTruthy();
    expect(
      within(result).getByText(/The seal is genuine: the Department of Home Affairs issued this document/),
    ).toBeTruthy();
    const value = (term: string) => within(result).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Validity')).toBe('Valid');
    expect(value('Document type')).toBe('Electronic travel authorisation (ETA)');
    expect(value('Issued on')).toBe('10 March 2026');
    expect(value('Valid from')).toBe('10 March 2026');
    expect(value('Valid until')).toBe('9 March 2028');
    expect(value("Holder's initials")).toBe('A. D.');
    expect(within(result).getByText('A. D.').tagName).toBe('BDI');
    expect(within(result).getAllByRole('term')).toHaveLength(6);
    expect(within(result).queryByText('ETA-2026-000123')).toBeNull();
    expect(calls.map((c) => c.url)).toEqual([
      '/api/eta/seal/certificate',
      '/api/eta/seal/status?documentNumber=ETA-2026-000123',
    ]);
    expect(calls.every((c) => !c.headers.has('Authorization'))).toBe(true);
    const levels = screen.getAllByRole('heading').map((h) => h.tagName);
    expect(levels).toEqual(['H1', 'H2']);
  });

  it('says when a genuine document is no longer valid', async () => {
    sealApi('CANCELLED');
    renderPage(i18n, <VerifySealPage />, '/verify-seal');
    paste(sealText);
    check();
    await screen.findByRole('heading', { name: 'Result' });
    expect(screen.getByText('Cancelled')).toBeTruthy();
  });

  it('refuses an altered seal: the signature does not match, and no status is asked', async () => {
    const calls = sealApi();
    const altered = JSON.parse(sealText) as Seal;
    altered.data.msg.vu = '2030-03-09';
    renderPage(i18n, <VerifySealPage />, '/verify-seal');
    paste(JSON.stringify(altered));
    check();
    expect(await screen.findByRole('heading', { name: 'Do not rely on this document' })).toBeTruthy();
    expect(
      screen.getByText(/The seal's signature does not match what it says: the seal has been altered/),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Result' })).toBeNull();
    expect(calls.map((c) => c.url)).toEqual(['/api/eta/seal/certificate']);
  });

  it('refuses a seal signed by someone else, with its own message', async () => {
    sealApi('VALID', () => otherCertificate);
    renderPage(i18n, <VerifySealPage />, '/verify-seal');
    paste(sealText);
    check();
    expect(await screen.findByText('This seal was not signed by the Department of Home Affairs.')).toBeTruthy();
  });

  it('still accepts a seal issued before, which carried the whole certificate', async () => {
    const calls = sealApi('VALID');
    const issued = await makeSeal(signerKeys, fromBase64Url(certificate), {
      ...DATA,
      hdr: { ...DATA.hdr, v: SEAL_VERSION_WITH_CERTIFICATE },
    });
    renderPage(i18n, <VerifySealPage />, '/verify-seal');
    paste(issued);
    check();
    await screen.findByRole('heading', { name: 'Result' });
    expect(screen.getByText('Valid')).toBeTruthy();
    expect(calls.map((c) => c.url)).toContain('/api/eta/seal/status?documentNumber=ETA-2026-000123');
  });

  it('refuses a seal that names the published certificate but carries another key’s signature', async () => {
    sealApi();
    const forger = await selfSigned('Forger');
    const forged = JSON.parse(await makeSeal(forger.keys, forger.der, DATA)) as Seal;
    forged.sig.cr = await certificateReference(fromBase64Url(certificate));
    renderPage(i18n, <VerifySealPage />, '/verify-seal');
    paste(JSON.stringify(forged));
    check();
    expect(await screen.findByText(/the seal has been altered/)).toBeTruthy();
  });

  it('summarises an empty or unreadable input as a problem, focused, linking to the field', async () => {
    const calls = sealApi();
    renderPage(i18n, <VerifySealPage />, '/verify-seal');
    check();
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeTruthy();
    const link = within(summary).getByRole('link', { name: "Paste the seal's text or choose a photo of its QR code" });
    expect(link.getAttribute('href')).toBe('#seal-text');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    fireEvent.click(link);
    expect(document.activeElement).toBe(textBox());
    expect(textBox().getAttribute('aria-invalid')).toBe('true');
    paste('not a seal at all');
    check();
    expect(
      await screen.findByRole('link', {
        name: 'This text is not a digital seal of this service. Check that you pasted all of it',
      }),
    ).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('reads the seal from a photo of its QR code and checks it', async () => {
    sealApi('EXPIRED');
    vi.mocked(readQrFromPhoto).mockResolvedValue(sealText);
    renderPage(i18n, <VerifySealPage />, '/verify-seal');
    const photo = new File(['image'], 'seal.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Or choose a photo of the QR code'), { target: { files: [photo] } });
    await screen.findByRole('heading', { name: 'Result' });
    expect(screen.getByText('Expired')).toBeTruthy();
    expect(screen.getByText('The QR code in the photo has been read.')).toBeTruthy();
    expect((textBox() as HTMLTextAreaElement).value).toBe(sealText);
  });

  it('says when no code can be read in the photo, linking to the photo field', async () => {
    sealApi();
    vi.mocked(readQrFromPhoto).mockResolvedValue(undefined);
    renderPage(i18n, <VerifySealPage />, '/verify-seal');
    const photo = new File(['image'], 'blurred.png', { type: 'image/png' });
    const input = screen.getByLabelText('Or choose a photo of the QR code');
    fireEvent.change(input, { target: { files: [photo] } });
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    // The message names the photo; the picker says it was not read instead of "No photo chosen".
    const message = "No QR code could be read in blurred.png. Choose a sharper photo or paste the seal's text";
    const link = within(summary).getByRole('link', { name: message });
    expect(link.getAttribute('href')).toBe('#seal-photo');
    expect(input.parentElement?.textContent).toBe('Choose photoNo QR code was read in blurred.png');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[1])?.textContent).toBe(
      `Error: ${message}`,
    );
  });

  it('offers the portal’s own file picker, in the page’s language, and each field’s hint under its label', () => {
    sealApi();
    renderPage(i18n, <VerifySealPage />, '/verify-seal');
    const input = screen.getByLabelText('Or choose a photo of the QR code');
    expect(input.getAttribute('type')).toBe('file');
    expect(input.parentElement?.textContent).toBe('Choose photoNo photo chosen');
    // As every field of the portal: label, then hint, then the control (GOV.UK's order), for both ways.
    for (const [control, hint] of [
      [textBox(), 'Paste the text that a QR code reader shows for the seal.'],
      [input, 'A sharp photo, taken straight on. The photo does not leave this device.'],
    ] as const) {
      const label = document.querySelector(`label[for="${control.id}"]`) as HTMLElement;
      const hintElement = screen.getByText(hint);
      expect(control.getAttribute('aria-describedby')?.split(' ')[0]).toBe(hintElement.id);
      expect(label.compareDocumentPosition(hintElement) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(hintElement.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });
});
