import { describe, expect, it } from 'vitest';
import { documentFileName } from './document-file-name';

describe('documentFileName', () => {
  it('names the PDF after the document number', () => {
    expect(documentFileName('eta', 'EA-7K3QM-2RXD9-3')).toBe('eta-EA-7K3QM-2RXD9-3.pdf');
  });

  it('writes the check symbol of a number issued earlier that file systems refuse as _', () => {
    for (const symbol of ['*', '~', '$', '='])
      expect(documentFileName('permit', `EA-7K3QM-2RXD9-${symbol}`)).toBe('permit-EA-7K3QM-2RXD9-_.pdf');
  });
});
