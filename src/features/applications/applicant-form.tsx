import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import {
  useAddApplicant,
  useApplicantLimit,
  useUpdateApplicant,
  type Applicant,
  type ApplicantFacts,
  type Application,
} from '@/api/applications';
import type { FormActionData } from '@/engine/form-action';
import { ProblemPanel } from '@/engine/problem-panel';
import { SchemaForm } from '@/engine/schema-form';
import type { FieldError } from '@/shared/api-types';
import { PATHS } from '@/shared/route-paths';
import { ButtonLink } from '@/ui/button-link';
import { PageHeading } from '@/ui/page-heading';
import { errorBodyOf } from './api-errors';
import type { Flash } from './applicant-list';
import { applicantName } from './format';
import { useManageApplicantsStyles } from './manage-applicants.styles';
import { EXPLAINED, PASSPORT_REFUSALS, RefusalHelp } from './refusal-help';
import { usePageStyles } from '@/ui/page-styles';

/** The navigation state with which a change that removed the passport photo returns (to the confirmation page). */
export interface PassportRetakeState {
  passportRetake: string;
}

/** Whether a saved applicant's answer says the passport photo must be taken again (only a change of passport says so). */
function passportToRetake(saved: Applicant): boolean {
  return saved.photosToRetake?.includes('PASSPORT_PHOTO') ?? false;
}

/** The answers the applicant form starts from: the facts being changed, or who the application says. */
function initialAnswers(
  application: Application,
  applicants: Applicant[],
  editing?: Applicant,
): Record<string, unknown> {
  if (editing) {
    const {
      isAccountHolder,
      relationship,
      givenNames,
      familyName,
      dateOfBirth,
      nationality,
      passportIssuingCountry,
      passportNumber,
    } = editing;
    return {
      isAccountHolder,
      ...(relationship ? { relationship } : {}),
      givenNames,
      familyName,
      dateOfBirth,
      nationality,
      passportIssuingCountry,
      passportNumber,
    };
  }
  if (application.applyingFor === 'SELF') return { isAccountHolder: true };
  if (application.applyingFor === 'OTHERS' || applicants.some((a) => a.isAccountHolder))
    return { isAccountHolder: false };
  return { isAccountHolder: true };
}

interface ApplicantFormViewProps {
  application: Application;
  applicants: Applicant[];
  editing?: Applicant;
  returnTo: string;
  /** What the server answered a page of the form posted without scripts with (the page to show, its problems). */
  sent?: FormActionData;
  onStart(): void;
  onDone(flash: Flash): void;
}

/** The form that adds an applicant or changes one, with the refusals the API may answer. */
export function ApplicantFormView({
  application,
  applicants,
  editing,
  returnTo,
  sent,
  onStart,
  onDone,
}: ApplicantFormViewProps) {
  const { t } = useTranslation('applications');
  const styles = usePageStyles();
  const own = useManageApplicantsStyles();
  const navigate = useNavigate();
  const add = useAddApplicant(application.applicationIdentifier);
  const update = useUpdateApplicant(application.applicationIdentifier);
  const limit = useApplicantLimit(application.applyingFor);
  const [fieldErrors, setFieldErrors] = useState<FieldError[] | null>(sent?.errors.length ? sent.errors : null);
  const [problem, setProblem] = useState<string | undefined>(sent?.problem);
  const [refusal, setRefusal] = useState<string | undefined>(
    sent?.code && EXPLAINED.has(sent.code) ? sent.code : undefined,
  );
  const [initial] = useState(() => sent?.answers ?? initialAnswers(application, applicants, editing));
  // An earlier "added" or "removed" message is old news once another change starts.
  const started = useEffectEvent(() => onStart());
  useEffect(() => started(), []);

  if (!editing && applicants.length >= limit) {
    return (
      <div className={styles.page}>
        <PageHeading>{t('pages.manage.addTitle')}</PageHeading>
        <p className={styles.inset}>{t('pages.manage.limitReached', { count: limit })}</p>
        <ButtonLink to={PATHS.manageApplicants} appearance="primary">
          {t('pages.common.continue')}
        </ButtonLink>
      </div>
    );
  }

  const submit = async (answers: Record<string, unknown>) => {
    setFieldErrors(null);
    setProblem(undefined);
    setRefusal(undefined);
    const facts = answers as unknown as ApplicantFacts;
    try {
      const saved = editing
        ? await update.mutateAsync({ applicantIdentifier: editing.applicantIdentifier, facts })
        : await add.mutateAsync(facts);
      const name = applicantName(saved);
      const retakePassport = passportToRetake(saved);
      onDone({ key: editing ? 'updated' : 'added', name, retakePassport });
      const state: PassportRetakeState | undefined = retakePassport ? { passportRetake: name } : undefined;
      navigate(returnTo, { state });
    } catch (error) {
      const body = errorBodyOf(error);
      if (!body) {
        setProblem(t('pages.manage.saveFailed'));
        return;
      }
      if (body.fields?.length) {
        setFieldErrors(body.fields);
        return;
      }
      if (EXPLAINED.has(body.code)) setRefusal(body.code);
      const field = PASSPORT_REFUSALS[body.code];
      // A passport refusal is shown at the passport answer, on the page where the user pressed the button.
      if (field) setFieldErrors([{ field, key: body.code, message: body.error }]);
      else setProblem(body.error);
    }
  };

  const refusalHelp = refusal && <RefusalHelp refusal={refusal} />;
  const passportRefusal = refusal !== undefined && PASSPORT_REFUSALS[refusal] !== undefined;

  return (
    <div className={styles.page}>
      <PageHeading focusKey={editing ? 'edit' : 'add'}>
        {editing ? t('pages.manage.editTitle') : t('pages.manage.addTitle')}
      </PageHeading>
      {problem && <ProblemPanel message={problem}>{!passportRefusal && refusalHelp}</ProblemPanel>}
      <SchemaForm
        formId="applicant"
        formData={initial}
        initialPageId={sent?.pageId}
        checkAnswers={false}
        serverErrors={fieldErrors}
        disabled={add.isPending || update.isPending}
        submitLabelKey={editing ? 'applications:pages.manage.editSubmit' : 'applications:pages.manage.addSubmit'}
        onSubmit={submit}
      >
        {passportRefusal && refusalHelp}
        <p className={own.cancel}>
          <Link className={styles.link} to={returnTo}>
            {t('pages.common.cancel')}
          </Link>
        </p>
      </SchemaForm>
    </div>
  );
}
