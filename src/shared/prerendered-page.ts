/** A public page rendered ahead of time by src/app/prerender-entry.tsx, as the server writes it into index.html. */
export interface PrerenderedPage {
  /** `<html lang>` and `<html dir>`. */
  lang: string;
  dir: 'ltr' | 'rtl';
  /** The document title the page sets once shown. */
  title: string;
  /** Style elements for the head: the Griffel rules the page uses. */
  head: string;
  /** The markup of #root. */
  body: string;
}
