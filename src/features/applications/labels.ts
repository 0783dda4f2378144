import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Applicant, Application } from '@/api/applications';
import { formatDate, formatTime } from '@/shared/dates';
import { applicantName } from './format';

/** A label chosen for one item of a list, and how many steps more specific than the plainest it had to be. */
export interface DistinctLabel {
  label: string;
  level: number;
}

/**
 * One label per item, so that repeated actions ("Continue", "Remove") each get a name of their own: the plainest
 * of the item's candidates (least to most specific) that no other item ends up with. Items still alike at their
 * most specific are numbered in list order by `numbered`.
 */
export function distinctLabels(
  candidates: readonly (readonly [string, ...string[]])[],
  numbered: (label: string, index: number, total: number) => string,
): DistinctLabel[] {
  const levels = candidates.map(() => 0);
  const labelOf = (item: number) => candidates[item][levels[item]];
  for (let raised = true; raised;) {
    raised = false;
    for (const group of sameLabelGroups(candidates.length, labelOf)) {
      for (const item of group) {
        if (levels[item] < candidates[item].length - 1) {
          levels[item] += 1;
          raised = true;
        }
      }
    }
  }
  const labels = candidates.map((_, item) => ({ label: labelOf(item), level: levels[item] }));
  for (const group of sameLabelGroups(candidates.length, labelOf)) {
    group.forEach((item, index) => {
      labels[item].label = numbered(labels[item].label, index + 1, group.length);
    });
  }
  return labels;
}

/** The items (by index, in order) that share a label with another item, one group per shared label. */
function sameLabelGroups(count: number, labelOf: (item: number) => string): number[][] {
  const groups = new Map<string, number[]>();
  for (let item = 0; item < count; item += 1) {
    const label = labelOf(item);
    groups.set(label, [...(groups.get(label) ?? []), item]);
  }
  return [...groups.values()].filter((group) => group.length > 1);
}

/** An application's label, and whether it needed the time the application was started. */
export interface ApplicationLabel {
  /** "for Amina Dlamini and 1 other, started on 3 February 2030", to follow "the application". */
  label: string;
  withTime: boolean;
}

/** Labels that tell the user's applications apart: who they are for and when they were started, to the minute if needed. */
export function useApplicationLabels(applications: readonly Application[]): ApplicationLabel[] {
  const { t, i18n } = useTranslation('applications');
  return applicationLabels(applications, t, i18n.resolvedLanguage ?? i18n.language);
}

/** `useApplicationLabels` with the texts given (a page's server action). */
export function applicationLabels(
  applications: readonly Application[],
  t: TFunction,
  language: string,
): ApplicationLabel[] {
  const describe = (application: Application, date: string) => {
    const [first, ...others] = application.applicants;
    if (!first) return t('applications:pages.list.label.noApplicants', { date });
    const name = applicantName(first);
    if (others.length === 0) return t('applications:pages.list.label.oneApplicant', { name, date });
    return t('applications:pages.list.label.moreApplicants', { name, count: others.length, date });
  };
  const candidates = applications.map((application): [string, string] => {
    const date = formatDate(application.createdAt, language);
    const time = formatTime(application.createdAt, language);
    return [
      describe(application, date),
      describe(application, t('applications:pages.list.label.dateTime', { date, time })),
    ];
  });
  return distinctLabels(candidates, (label, index, total) =>
    t('applications:pages.common.numbered', { label, index, total }),
  ).map(({ label, level }) => ({
    label,
    withTime: level > 0,
  }));
}

/**
 * Labels that tell applicants apart, by applicant identifier: the name, then the passport number, then (when the
 * same passport is on several of the listed applications) the application's label from `context`.
 */
export function useApplicantLabels(
  applicants: readonly Applicant[],
  context?: ReadonlyMap<string, string>,
): Map<string, string> {
  const { t } = useTranslation('applications');
  return applicantLabels(applicants, t, context);
}

/** `useApplicantLabels` with the texts given (a page's server action). */
export function applicantLabels(
  applicants: readonly Applicant[],
  t: TFunction,
  context?: ReadonlyMap<string, string>,
): Map<string, string> {
  const candidates = applicants.map((applicant): [string, ...string[]] => {
    const name = applicantName(applicant);
    const passport = t('applications:pages.common.applicantPassport', { name, passport: applicant.passportNumber });
    const application = context?.get(applicant.applicantIdentifier);
    return application
      ? [name, passport, t('applications:pages.common.applicantInApplication', { applicant: passport, application })]
      : [name, passport];
  });
  const labels = distinctLabels(candidates, (label, index, total) =>
    t('applications:pages.common.numbered', { label, index, total }),
  );
  return new Map(applicants.map((applicant, index) => [applicant.applicantIdentifier, labels[index].label]));
}
