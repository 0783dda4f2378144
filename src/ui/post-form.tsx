import { forwardRef, type FormHTMLAttributes } from 'react';
import { FORM_TOKEN_FIELD, useFormToken } from './form-token';

/**
 * A form the browser posts to the page's own address (the server's page action answers it, see
 * src/routing/page-actions.ts), carrying the page's form token.
 */
export const PostForm = forwardRef<HTMLFormElement, Omit<FormHTMLAttributes<HTMLFormElement>, 'method'>>(
  function PostForm({ children, ...form }, ref) {
    const token = useFormToken();
    return (
      <form ref={ref} method="post" {...form}>
        <input type="hidden" name={FORM_TOKEN_FIELD} value={token} />
        {children}
      </form>
    );
  },
);
