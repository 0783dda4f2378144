/**
 * The file name of an outcome's PDF, e.g. eta-EA-7K3QM-2RXD9-3.pdf. Document numbers are letters, digits and
 * hyphens; those issued before their check character was one of the same 32 may end in one of Crockford's check
 * symbols (* ~ $ =), which file systems refuse or browsers change (Chromium saves * as _): any character other
 * than a letter, a digit or a hyphen is written as _.
 */
export function documentFileName(prefix: string, documentNumber: string): string {
  return `${prefix}-${documentNumber.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;
}
