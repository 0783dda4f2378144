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

/**
 * The values of `_action`: continue (or send); a list's add and remove buttons; Back of a form whose pages carry the
 * answers of the others (a form sent only from its last page, see SchemaForm), which goes back without a check.
 */
export const FORM_ACTIONS = { continue: 'continue', add: 'add:', remove: 'remove:', back: 'back' } as const;

/**
 * The route parameter naming the page of a form with several pages: `/applications/application/<page-id>`, and
 * `.../check-answers`. Every route that shows a form takes it (src/app/router.tsx).
 */
export const FORM_PAGE_PARAM = 'formPage';

/** The query parameter of a page opened from check answers (a Change link). */
export const FROM_REVIEW_PARAM = 'review';

/**
 * The address of a page of the form a route shows: the route's path, the page (none for where the form starts), and
 * the route's query kept (less the mark of a page opened from check answers, which `fromReview` sets).
 */
export function formPageHref(
  routePath: string,
  pageId: string | undefined,
  search: string,
  options: { fromReview?: boolean } = {},
): string {
  const query = new URLSearchParams(search);
  query.delete(FROM_REVIEW_PARAM);
  if (options.fromReview) query.set(FROM_REVIEW_PARAM, '1');
  const base = routePath.replace(/\/+$/, '');
  const rest = query.toString();
  return `${pageId ? `${base}/${encodeURIComponent(pageId)}` : base}${rest ? `?${rest}` : ''}`;
}

/** The path of the route that shows a form, from the path of one of its page addresses. */
export function formRoutePath(pathname: string, pageParam: string | undefined): string {
  if (!pageParam) return pathname.replace(/(.)\/+$/, '$1');
  const suffix = `/${encodeURIComponent(pageParam)}`;
  return pathname.endsWith(suffix) ? pathname.slice(0, -suffix.length) : pathname;
}
