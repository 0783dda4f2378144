/**
 * The file name of an outcome's PDF, e.g. eta-EA-7K3QM-2RXD9-V.pdf. A document number's check character may be one
 * of Crockford's symbols (* ~ $ =), which file systems refuse or browsers change (Chromium saves * as _): any
 * character other than a letter, a digit or a hyphen is written as _.
 */
export function documentFileName(prefix: string, documentNumber: string): string {
  return `${prefix}-${documentNumber.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;
}
