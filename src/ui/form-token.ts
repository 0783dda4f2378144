import { createContext, use } from 'react';

/**
 * The token every form posted to the server carries (a hidden field, see src/server/pages/csrf.ts), given by the app:
 * on the server from the request, in the browser from the data the page came with.
 */
export const FormTokenContext = createContext('');

/** Name of the hidden field that carries the token. */
export const FORM_TOKEN_FIELD = '_csrf';

/** The token of this page's forms. */
export function useFormToken(): string {
  return use(FormTokenContext);
}
