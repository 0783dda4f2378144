/** The namespace every page needs: header, footer, buttons, loading and error texts. */
export const COMMON_NAMESPACE = 'common';

/** What a route's texts are derived from: its manifest entry's title key and form. */
export interface RouteTexts {
  titleKey?: string;
  form?: string;
}

/**
 * The text namespaces a route needs before its page shows, declared once from its manifest entry: common, the
 * namespace of its title key, and for a form route the form texts and validation messages. The browser loads
 * these before the first paint (the server preloads their chunks); any other namespace loads afterwards.
 */
export function routeNamespaces(route: RouteTexts | undefined): string[] {
  const result = new Set([COMMON_NAMESPACE]);
  const titleKey = route?.titleKey;
  if (titleKey && titleKey.includes(':')) result.add(titleKey.slice(0, titleKey.indexOf(':')));
  if (route?.form) {
    result.add('forms');
    result.add('validation');
  }
  return [...result];
}
