import { APPLICATION_ERRORS } from '../../shared/contract';
import { ApiError } from '../errors';
import { translate } from '../i18n';
import type { ApplicantRow, ApplicationRow } from './tables';

/** The guards of the transitions that need no database: who may change what, and the refusals they answer. */

const statusName = (lang: string, status: string) => translate(lang, `applications:enums.applicationStatus.${status}`);

/** Only an application in progress changes. */
export function assertEditable(application: Pick<ApplicationRow, 'status'>, lang: string): void {
  if (application.status !== 'IN_PROGRESS') {
    throw new ApiError(409, APPLICATION_ERRORS.applicationNotEditable, 'applications:api.applicationNotEditable', {
      vars: { status: statusName(lang, application.status) },
    });
  }
}

/** Only an application in progress is deleted. */
export function assertDeletable(application: Pick<ApplicationRow, 'status'>, lang: string): void {
  if (application.status !== 'IN_PROGRESS') {
    throw new ApiError(409, APPLICATION_ERRORS.applicationNotDeletable, 'applications:api.applicationNotDeletable', {
      vars: { status: statusName(lang, application.status) },
    });
  }
}

/** Only an applicant not yet submitted changes. */
export function assertApplicantEditable(applicant: Pick<ApplicantRow, 'status'>): void {
  if (applicant.status !== 'NOT_SUBMITTED')
    throw new ApiError(409, APPLICATION_ERRORS.applicantNotEditable, 'applications:api.applicantNotEditable');
}
