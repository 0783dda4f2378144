import { Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { useApplication } from '@/api/applications';
import { useApplicantDocuments, type DocumentTarget } from '@/api/documents';
import { useRouterContext } from '@/api/router-context';
import { ProblemPanel } from '@/engine/problem-panel';
import { PageHeading } from '@/ui/page-heading';
import { DocumentsForm } from './documents-form';
import { messageOf } from './errors';
import { useDocumentStyles } from './styles';
import { OVERVIEW_PATH } from '@/api/journey';

/**
 * /applications/supporting-documents?applicantIdentifier=...: the documents of one applicant of the application in
 * the router context (the step SUPPORTING_DOCUMENTS); without an applicant, the application's task list.
 */
export default function SupportingDocumentsPage() {
  const { applicationIdentifier } = useRouterContext();
  const [params] = useSearchParams();
  const applicantIdentifier = params.get('applicantIdentifier')?.trim();
  if (!applicationIdentifier || !applicantIdentifier) return <Navigate to={OVERVIEW_PATH} replace />;
  return (
    <ApplicantDocumentsPage
      key={`${applicationIdentifier}/${applicantIdentifier}`}
      target={{ applicationIdentifier, applicantIdentifier }}
    />
  );
}

function ApplicantDocumentsPage({ target }: { target: DocumentTarget }) {
  const { t } = useTranslation('documents');
  const styles = useDocumentStyles();
  const application = useApplication(target.applicationIdentifier);
  const documents = useApplicantDocuments(target);
  const applicant = application.data?.applicants.find((a) => a.applicantIdentifier === target.applicantIdentifier);
  const name = applicant ? `${applicant.givenNames} ${applicant.familyName}`.trim() : undefined;
  const heading = <PageHeading caption={name ? t('page.caption', { name }) : undefined}>{t('page.title')}</PageHeading>;

  let content;
  if (documents.isPending) {
    content = <Spinner label={t('page.loading')} />;
  } else if (!documents.data) {
    content = (
      <ProblemPanel message={messageOf(documents.error, t('page.loadFailed'))}>
        <Link className={styles.link} to={OVERVIEW_PATH}>
          {t('page.goToOverview')}
        </Link>
      </ProblemPanel>
    );
  } else {
    content = <DocumentsForm target={target} documents={documents.data} />;
  }
  return (
    <div className={styles.page}>
      <Link className={`${styles.link} ${styles.back}`} to={OVERVIEW_PATH}>
        {t('page.backToOverview')}
      </Link>
      {heading}
      {content}
    </div>
  );
}
