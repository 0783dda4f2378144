/**
 * The fields and buttons of the supporting documents page's forms, which the server takes when they are posted
 * before (or without) the page's scripts (supporting-documents-action.ts).
 */
export const DOCUMENT_FORM = {
  /** The file chosen (one per post). */
  file: 'file',
  documentType: 'documentType',
  /** The file a button acts on (remove, reuse), or the one a chosen file replaces. */
  documentIdentifier: 'documentIdentifier',
} as const;

/** The values of `_action`, each by its own name (`DOCUMENT_ACTIONS.upload` is `'upload'`). */
const ACTION_NAMES = ['upload', 'replace', 'remove', 'reuse', 'continue'] as const;
export type DocumentAction = (typeof ACTION_NAMES)[number];
export const DOCUMENT_ACTIONS = Object.fromEntries(ACTION_NAMES.map((name) => [name, name])) as {
  readonly [Name in DocumentAction]: Name;
};

/**
 * Query parameters of the page: the file whose Replace was pressed without scripts (its row then offers a file
 * input), and, after a change, which change and the file's name (the page confirms it, post/redirect/get).
 */
export const DOCUMENT_PARAMS = { replace: 'replace', done: 'done', file: 'file' } as const;

/** What was done, as `done=` names it: the confirmation's text key (documents namespace), each with `{{name}}`. */
export const DONE_MESSAGES: Readonly<Record<string, string>> = {
  [DOCUMENT_ACTIONS.upload]: 'page.upload.done',
  [DOCUMENT_ACTIONS.replace]: 'page.upload.replaced',
  [DOCUMENT_ACTIONS.remove]: 'page.remove.done',
  [DOCUMENT_ACTIONS.reuse]: 'page.reuse.done',
};
