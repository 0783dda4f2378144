import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  useAddApplicant,
  useApplicantLimit,
  useApplicants,
  useApplication,
  useRemoveApplicant,
  useUpdateApplicant,
  type Applicant,
  type ApplicantFacts,
  type Application,
} from '@/api/applications';
import { useRouterContext } from '@/api/router-context';
import { SchemaForm } from '@/engine/schema-form';
import type { FieldError } from '@/shared/api-types';
import { errorBodyOf } from './api-errors';
import { ApplicantSummary } from './applicant-summary';
import { ButtonLink } from '@/ui/button-link';
import { ConfirmDialog } from './confirm-dialog';
import { applicantName } from './format';
import { HiddenText } from './hidden-text';
import { useApplicantLabels } from './labels';
import { ApplicationPending } from './application-pending';
import { NoApplication } from './no-application';
import { Notice } from '@/ui/notice';
import { PageHeading } from '@/ui/page-heading';
import { ProblemPanel } from '@/engine/problem-panel';
import { NARROW } from '@/ui/media';
import { useApplicationStyles } from './styles';
import { PATHS } from '@/shared/route-paths';

/** Eligibility refusals that concern a passport answer, and the field of the passport page they belong to. */
export const PASSPORT_REFUSALS: Readonly<Record<string, string>> = {
  PASSPORT_COUNTRY_NOT_WHITELISTED: 'passportIssuingCountry',
  OPEN_APPLICATION_EXISTS: 'passportNumber',
  ACTIVE_ETA_VISA_EXISTS: 'passportNumber',
  PASSPORT_ALREADY_IN_APPLICATION: 'passportNumber',
};

/** Refusals with a next step of their own (`pages.refusal.<code>`), besides the passport ones. */
const EXPLAINED = new Set([
  ...Object.keys(PASSPORT_REFUSALS),
  'APPLICANT_LIMIT_REACHED',
  'ACCOUNT_HOLDER_NOT_ALLOWED',
  'ACCOUNT_HOLDER_REQUIRED',
  'ACCOUNT_HOLDER_ALREADY_ADDED',
  'APPLICATION_NOT_EDITABLE',
]);

const useStyles = makeStyles({
  card: {
    margin: `0 0 ${tokens.spacingVerticalXL}`,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalM}`,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    [NARROW]: { padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM} ${tokens.spacingVerticalM}` },
  },
  cardActions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  help: {
    margin: `${tokens.spacingVerticalXL} 0`,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderLeft: `6px solid ${tokens.colorBrandBackground}`,
    backgroundColor: tokens.colorBrandBackground2,
  },
  helpTitle: {
    margin: `${tokens.spacingVerticalS} 0`,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
  },
  cancel: { margin: `${tokens.spacingVerticalL} 0 0`, fontSize: tokens.fontSizeBase400 },
});

/** `retakePassport`: the change removed the accepted passport photo, which must be taken again. */
type Flash = { key: 'added' | 'updated' | 'removed'; name: string; retakePassport?: boolean };

/** The navigation state with which a change that removed the passport photo returns (to the confirmation page). */
export interface PassportRetakeState {
  passportRetake: string;
}

/** Whether a saved applicant's answer says the passport photo must be taken again (only a change of passport says so). */
function passportToRetake(saved: Applicant): boolean {
  return saved.photosToRetake?.includes('PASSPORT_PHOTO') ?? false;
}

/** The applicants of the application in the router context: list, add, change, remove, then confirm. */
export default function ManageApplicantsPage() {
  const { applicationIdentifier } = useRouterContext();
  if (!applicationIdentifier) return <NoApplication titleKey="manageApplicants.title" />;
  return <ManageApplicants applicationIdentifier={applicationIdentifier} />;
}

function ManageApplicants({ applicationIdentifier }: { applicationIdentifier: string }) {
  const { t } = useTranslation('applications');
  const styles = useApplicationStyles();
  const application = useApplication(applicationIdentifier);
  const applicants = useApplicants(applicationIdentifier);
  const [params] = useSearchParams();
  const [flash, setFlash] = useState<Flash>();

  const failure = application.error ?? applicants.error;
  if (failure || !application.data || !applicants.data) {
    return <ApplicationPending titleKey="manageApplicants.title" failure={failure} />;
  }
  if (application.data.status !== 'IN_PROGRESS') {
    return (
      <div className={styles.page}>
        <PageHeading>{t('manageApplicants.title')}</PageHeading>
        <ProblemPanel message={t('pages.common.notEditable')}>
          <Link className={styles.link} to={PATHS.myApplications}>
            {t('pages.common.goToApplications')}
          </Link>
        </ProblemPanel>
      </div>
    );
  }

  const editId = params.get('edit');
  const returnTo = params.get('from') === 'confirm' ? PATHS.confirmApplicant : PATHS.manageApplicants;
  if (params.get('add') !== null || editId !== null) {
    const editing = editId === null ? undefined : applicants.data.find((a) => a.applicantIdentifier === editId);
    if (editId !== null && !editing) {
      return (
        <ApplicantList
          application={application.data}
          applicants={applicants.data}
          problem={t('pages.manage.applicantMissing')}
        />
      );
    }
    return (
      <ApplicantFormView
        key={editId ?? 'new'}
        application={application.data}
        applicants={applicants.data}
        editing={editing}
        returnTo={returnTo}
        onStart={() => setFlash(undefined)}
        onDone={setFlash}
      />
    );
  }
  return <ApplicantList application={application.data} applicants={applicants.data} flash={flash} onFlash={setFlash} />;
}

interface ApplicantListProps {
  application: Application;
  applicants: Applicant[];
  flash?: Flash;
  onFlash?: (flash: Flash) => void;
  problem?: string;
}

function ApplicantList({ application, applicants, flash, onFlash, problem }: ApplicantListProps) {
  const { t } = useTranslation(['applications', 'forms']);
  const styles = useApplicationStyles();
  const own = useStyles();
  const limit = useApplicantLimit(application.applyingFor);
  const remove = useRemoveApplicant(application.applicationIdentifier);
  const [removing, setRemoving] = useState<{ applicant: Applicant; label: string }>();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [removeProblem, setRemoveProblem] = useState<string>();
  const full = applicants.length >= limit;
  const needsAccountHolder = application.applyingFor !== 'OTHERS' && !applicants.some((a) => a.isAccountHolder);
  const labels = useApplicantLabels(applicants);

  const confirmRemove = async () => {
    if (!removing) return;
    setRemoveProblem(undefined);
    try {
      await remove.mutateAsync(removing.applicant.applicantIdentifier);
      onFlash?.({ key: 'removed', name: removing.label });
    } catch (error) {
      setRemoveProblem(errorBodyOf(error)?.error ?? t('pages.manage.removeFailed'));
    } finally {
      setDialogOpen(false);
    }
  };

  return (
    <div className={styles.wide}>
      <PageHeading focusKey="list">{t('manageApplicants.title')}</PageHeading>
      {problem && <ProblemPanel message={problem} />}
      {removeProblem && <ProblemPanel message={removeProblem} />}
      {flash && <Notice tone="success">{t(`pages.manage.${flash.key}`, { name: flash.name })}</Notice>}
      {flash?.retakePassport && <Notice>{t('pages.manage.passportRetake', { name: flash.name })}</Notice>}
      <p className={styles.lead}>
        {t('pages.manage.applicationSummary', {
          type: t(`forms:enums.applicationType.${application.applicationType}`),
          applyingFor: t(`enums.applyingFor.${application.applyingFor}`),
        })}
      </p>
      <p className={styles.text}>{t('pages.manage.lead')}</p>

      <h2 className={styles.h2}>{t('pages.manage.countTitle', { count: applicants.length })}</h2>
      {applicants.length === 0 && <p className={styles.text}>{t('pages.manage.none')}</p>}
      {applicants.map((applicant) => {
        const name = applicantName(applicant);
        const label = labels.get(applicant.applicantIdentifier) ?? name;
        const editable = applicant.status === 'NOT_SUBMITTED';
        return (
          <section key={applicant.applicantIdentifier} className={own.card} aria-label={label}>
            <h3 className={styles.h3}>{applicant.isAccountHolder ? t('pages.common.youSuffix', { name }) : name}</h3>
            <ApplicantSummary applicant={applicant} />
            {editable && (
              <div className={own.cardActions}>
                <ButtonLink
                  to={`${PATHS.manageApplicants}?edit=${encodeURIComponent(applicant.applicantIdentifier)}`}
                  appearance="secondary"
                  size="medium"
                >
                  <HiddenText i18nKey="pages.common.changeApplicant" values={{ name: label }} />
                </ButtonLink>
                <Button
                  appearance="subtle"
                  onClick={() => {
                    setRemoving({ applicant, label });
                    setDialogOpen(true);
                  }}
                >
                  <HiddenText i18nKey="pages.common.removeApplicant" values={{ name: label }} />
                </Button>
              </div>
            )}
          </section>
        );
      })}

      {full ? (
        <p className={styles.inset}>{t('pages.manage.limitReached', { count: limit })}</p>
      ) : (
        <>
          <div className={styles.actions}>
            <ButtonLink
              to={`${PATHS.manageApplicants}?add=1`}
              appearance={applicants.length === 0 ? 'primary' : 'secondary'}
              className={styles.fullWidthOnPhone}
            >
              {needsAccountHolder ? t('pages.manage.addYourself') : t('pages.manage.add')}
            </ButtonLink>
          </div>
          {limit > 1 && <p className={styles.text}>{t('pages.manage.limit', { count: limit })}</p>}
        </>
      )}

      <div className={styles.actions}>
        {applicants.length > 0 ? (
          <ButtonLink to={PATHS.confirmApplicant} appearance="primary" className={styles.fullWidthOnPhone}>
            {t('pages.common.continue')}
          </ButtonLink>
        ) : (
          <p className={styles.text}>{t('pages.manage.continueHint')}</p>
        )}
      </div>

      {removing && (
        <ConfirmDialog
          open={dialogOpen}
          title={t('pages.manage.removeTitle', { name: removing.label })}
          body={t('pages.manage.removeBody')}
          confirmLabel={t('pages.manage.removeConfirm')}
          cancelLabel={t('pages.manage.removeCancel')}
          busy={remove.isPending}
          onConfirm={() => void confirmRemove()}
          onCancel={() => setDialogOpen(false)}
          onClosed={() => setRemoving(undefined)}
        />
      )}
    </div>
  );
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
  onStart(): void;
  onDone(flash: Flash): void;
}

function ApplicantFormView({ application, applicants, editing, returnTo, onStart, onDone }: ApplicantFormViewProps) {
  const { t } = useTranslation('applications');
  const styles = useApplicationStyles();
  const own = useStyles();
  const navigate = useNavigate();
  const add = useAddApplicant(application.applicationIdentifier);
  const update = useUpdateApplicant(application.applicationIdentifier);
  const limit = useApplicantLimit(application.applyingFor);
  const [fieldErrors, setFieldErrors] = useState<FieldError[] | null>(null);
  const [problem, setProblem] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [initial] = useState(() => initialAnswers(application, applicants, editing));
  // An earlier "added" or "removed" message is old news once another change starts.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => onStart(), []);

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

  const refusalHelp = refusal && (
    <div className={own.help}>
      <h2 className={own.helpTitle}>{t('pages.refusal.title')}</h2>
      <p className={styles.text}>{t(`pages.refusal.${refusal}`)}</p>
      {(refusal === 'OPEN_APPLICATION_EXISTS' || refusal === 'APPLICATION_NOT_EDITABLE') && (
        <p className={styles.text}>
          <Link className={styles.link} to={PATHS.myApplications}>
            {t('pages.common.goToApplications')}
          </Link>
        </p>
      )}
      {refusal === 'APPLICANT_LIMIT_REACHED' && (
        <p className={styles.text}>
          <Link className={styles.link} to={PATHS.manageApplicants}>
            {t('manageApplicants.title')}
          </Link>
        </p>
      )}
    </div>
  );
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
