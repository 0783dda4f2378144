/**
 * The text keys the portal's code builds from a value it is given, where no string of the code starts the key (see
 * code-keys.ts for those that do, such as t(`errors.${code}`)): each is taken as used, with every key under it. Each
 * entry names the code that builds it, and the pieces of that code which must still be in its file
 * (unused-texts.test.ts checks them), so that the list follows the code.
 */
export interface DynamicKeys {
  /** "ns:a.b." (every key under a.b) or "ns:a.b" (that key). */
  keys: string;
  /** The source file that builds the keys. */
  file: string;
  /** Pieces of that file's code that build them, word for word. */
  builtBy: string[];
}

export const DYNAMIC_KEYS: readonly DynamicKeys[] = [
  // A photo session's blocking status or error code, shown with its title, message and next step.
  {
    keys: 'capture:blocked.',
    file: 'src/features/capture/capture-outcome.tsx',
    builtBy: ["'blocked'", 't(`${group}.${code}.title`)'],
  },
  {
    keys: 'capture:session.',
    file: 'src/features/capture/capture-outcome.tsx',
    builtBy: ["'session'", 't(`${group}.${code}.message`)'],
  },
  // The heading of the page of each kind of outcome document.
  {
    keys: 'outcomes:viewEta.title',
    file: 'src/features/outcomes/outcome-page.tsx',
    builtBy: ["ETA: 'viewEta'", 't(`${PAGE_KEY[kind]}.title`)'],
  },
  {
    keys: 'outcomes:viewVisa.title',
    file: 'src/features/outcomes/outcome-page.tsx',
    builtBy: ["PERMIT: 'viewVisa'", 't(`${PAGE_KEY[kind]}.title`)'],
  },
  {
    keys: 'outcomes:viewNotice.title',
    file: 'src/features/outcomes/outcome-page.tsx',
    builtBy: ["REJECTION_NOTICE: 'viewNotice'", 't(`${PAGE_KEY[kind]}.title`)'],
  },
  // The e-mails that carry a link and a code: subject, lead, link, code, expiry and "not you?".
  {
    keys: 'emails:verifyEmail.',
    file: 'src/server/mail/templates.ts',
    builtBy: ["withCode('verifyEmail'", 'subjectKey: `${texts}.subject`', 't(`${texts}.action`)'],
  },
  {
    keys: 'emails:resetPassword.',
    file: 'src/server/mail/templates.ts',
    builtBy: ["withCode('resetPassword'", 'subjectKey: `${texts}.subject`', 't(`${texts}.action`)'],
  },
];
