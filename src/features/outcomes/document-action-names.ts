/** The `_action` of the document's Download PDF button (a form the server answers with the PDF, see outcome-action.ts). */
export const DOWNLOAD_PDF_ACTION = 'download-pdf';
/** The `_action` of a wallet's button is this prefix and the wallet (`wallet:google`). */
export const WALLET_ACTION_PREFIX = 'wallet:';

/** Only a web address may be followed: never a script or data address, whatever the answer says. */
export const isWebAddress = (url: string) => /^https?:\/\//i.test(url);
