/**
 * How a form with several pages gives each page an address of its own (`.../<page-id>`, and `.../check-answers`), so
 * that reload, Back, Forward, bookmarks and Change links work, with and without scripts. The page that shows the
 * form knows its routes; the engine is told through this interface and never imports the router.
 */
export interface FormAddress {
  /** The page the address names: a page id, the check-answers view, or undefined for where the form starts. */
  current?: string;
  /** The address was opened from check answers (a Change link): saving the page returns there. */
  fromReview?: boolean;
  /** The address of a page. */
  href(pageId: string, options?: { fromReview?: boolean }): string;
  /** Goes to a page's address, in the browser. */
  go(pageId: string, options?: { fromReview?: boolean }): void;
}

/** Names of the fields a form posted without scripts carries besides its answers (see posted-answers.ts). */
export const FORM_FIELDS = {
  /** The page that was shown (a page id, or the check-answers view). */
  page: '_page',
  /** The button pressed: continue (or send), or a list's add and remove buttons (`add:<path>`, `remove:<path>.<i>`). */
  action: '_action',
  /** The page was opened from check answers. */
  fromReview: '_review',
} as const;

/** The values of `_action`. */
export const FORM_ACTIONS = { continue: 'continue', add: 'add:', remove: 'remove:' } as const;
