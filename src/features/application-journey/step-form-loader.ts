import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { OVERVIEW_PATH } from './steps';

/**
 * A form step's page without an applicant (`?applicantIdentifier=`) has nothing to show but the task list, which lives
 * at the first form step's address: the others send the visitor there, from the server as from the browser.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  if (url.searchParams.get('applicantIdentifier')?.trim()) return null;
  if (url.pathname.replace(/\/+$/, '') !== OVERVIEW_PATH) throw redirect(OVERVIEW_PATH);
  return null;
}
