import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { FormActionData } from '@/engine/form-action';
import {
  FORM_PAGE_PARAM,
  FROM_REVIEW_PARAM,
  formPageHref,
  formRoutePath,
  type FormAddress,
} from '@/engine/form-address';

/**
 * The form's pages at addresses of their own (`<route>/<page-id>?applicantIdentifier=...`): Back, Forward, reload,
 * bookmarks and the Change links of check answers open the page they name, with and without scripts.
 */
export function useAnswersAddress(sent: FormActionData | undefined): FormAddress {
  const navigate = useNavigate();
  const location = useLocation();
  const page = useParams()[FORM_PAGE_PARAM];
  const routePath = formRoutePath(location.pathname, page);
  const fromReview = new URLSearchParams(location.search).get(FROM_REVIEW_PARAM) === '1';
  return {
    // A form the server sent back shows the page it was sent from.
    current: sent?.pageId ?? page,
    fromReview: sent?.fromReview ?? fromReview,
    href: (pageId, options) => formPageHref(routePath, pageId, location.search, options),
    go: (pageId, options) => navigate(formPageHref(routePath, pageId, location.search, options)),
  };
}
