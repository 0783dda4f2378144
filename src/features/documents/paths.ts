import { stepNamed } from '@/api/journey';

/** The task list of every applicant (the route of the journey's form step that shows it without an applicant). */
export const OVERVIEW_PATH = stepNamed('APPLICATION_FORM')?.path ?? '/applications/application';

/** Where a signed-in user finds every application, to continue one later. */
export const MY_APPLICATIONS_PATH = '/my-applications';
