/**
 * The names the applications pages' own forms post (besides the schema forms'), shared by the pages and their
 * server actions (which the browser never loads), and the messages those actions leave for the next page.
 */

/** `_action` of the confirmation of removing an applicant. */
export const REMOVE_APPLICANT_ACTION = 'remove';
/** `_action` of the confirmation of deleting an application. */
export const DELETE_APPLICATION_ACTION = 'delete';
/** `_action` of an application's Continue on the list. */
export const CONTINUE_APPLICATION_ACTION = 'continue-application';

/** The field naming the applicant a form is about. */
export const APPLICANT_FIELD = 'applicantIdentifier';
/** The field naming the application a form is about. */
export const APPLICATION_FIELD = 'applicationIdentifier';

/** What the applicants page (or the confirmation page) says after a change made without scripts. */
export interface ApplicantFlash {
  page: string;
  key: 'added' | 'updated' | 'removed';
  name: string;
  retakePassport?: boolean;
}

/** What the list of applications says after one was deleted without scripts. */
export interface DeletedFlash {
  page: string;
  key: 'deleted';
  label: string;
}
