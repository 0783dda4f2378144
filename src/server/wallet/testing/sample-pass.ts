import type { WalletPass } from '../provider';

/** A pass as the wallet-link route makes it, for tests. */
export const samplePass: WalletPass = {
  documentNumber: 'ETA 2026/000123',
  kind: 'ETA',
  title: 'Electronic travel authorisation',
  holderName: 'Maria Anna Silva',
  passportNumber: 'X1234567',
  nationality: 'Portugal',
  validFrom: '2026-12-01',
  validUntil: '2027-11-30',
  labels: {
    holder: 'Holder',
    passport: 'Passport number',
    nationality: 'Nationality',
    validFrom: 'Valid from',
    validUntil: 'Valid until',
    documentNumber: 'Document number',
  },
  seal: '{"data":{"hdr":{"t":"eta.outcome","v":1,"is":"ZAF"},"msg":{"typ":"ETA","no":"ETA 2026/000123"}},"sig":{"alg":"ES256","cer":"AAAA","sigvl":"BBBB"}}',
  language: 'en-GB',
  issuer: 'Department of Home Affairs',
};
