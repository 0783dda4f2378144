import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApplicantLimit, useRemoveApplicant, type Applicant, type Application } from '@/api/applications';
import { ProblemPanel } from '@/engine/problem-panel';
import { ButtonLink } from '@/ui/button-link';
import { Notice } from '@/ui/notice';
import { PageHeading } from '@/ui/page-heading';
import { PATHS } from '@/shared/route-paths';
import { errorBodyOf } from './api-errors';
import { AskFirstButton } from '@/ui/ask-first-button';
import { ApplicantSummary } from './applicant-summary';
import { ConfirmDialog } from './confirm-dialog';
import { applicantName } from './format';
import { HiddenText } from './hidden-text';
import { useApplicantLabels } from './labels';
import { useManageApplicantsStyles } from './manage-applicants.styles';
import { usePageStyles } from '@/ui/page-styles';

/** `retakePassport`: the change removed the accepted passport photo, which must be taken again. */
export type Flash = { key: 'added' | 'updated' | 'removed'; name: string; retakePassport?: boolean };

interface ApplicantListProps {
  application: Application;
  applicants: Applicant[];
  flash?: Flash;
  onFlash?: (flash: Flash) => void;
  problem?: string;
}

/** The applicants of an application, each with its change and remove actions, then add and continue. */
export function ApplicantList({ application, applicants, flash, onFlash, problem }: ApplicantListProps) {
  const { t } = useTranslation(['applications', 'forms']);
  const styles = usePageStyles();
  const own = useManageApplicantsStyles();
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
      {/* The outcome of an add, a change or a removal takes focus: the control used has gone with the view. */}
      {flash && (
        <Notice key={`${flash.key}:${flash.name}`} tone="success" focus>
          {t(`pages.manage.${flash.key}`, { name: flash.name })}
        </Notice>
      )}
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
                <AskFirstButton
                  action={PATHS.manageApplicants}
                  name="remove"
                  value={applicant.applicantIdentifier}
                  appearance="subtle"
                  onAsk={() => {
                    setRemoving({ applicant, label });
                    setDialogOpen(true);
                  }}
                >
                  <HiddenText i18nKey="pages.common.removeApplicant" values={{ name: label }} />
                </AskFirstButton>
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
