import type { TFunction } from 'i18next';
import type { ApiResult } from '@/shared/api-types';

/** The stable code of a refused staff call (`STAFF_ROLE_REQUIRED`, ...), if the API answered one. */
export const refusalCode = (answer: ApiResult<unknown>): string | undefined =>
  typeof answer.error === 'object' ? answer.error?.code : undefined;

/** What a refused staff call says, in the request's language (the API's own words, else the general apology). */
export const refusalMessage = (answer: ApiResult<unknown>, t: TFunction): string =>
  typeof answer.error === 'object' && answer.error?.error ? answer.error.error : t('common:errorPage.body');
