import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useActionData } from 'react-router-dom';
import { ApiError } from '@/api/request';
import { useSendSubmission, type SubmissionReceipt } from '@/api/submissions';
import { ProblemPanel } from '@/engine/problem-panel';
import { SchemaForm } from '@/engine/schema-form';
import type { ApiErrorBody } from '@/shared/api-types';
import { PageHeading } from '@/ui/page-heading';
import { usePageStyles } from '@/ui/page-styles';
import { PATHS } from '@/shared/route-paths';
import { LtrValue } from '@/ui/ltr-value';
import type { PublicFormActionData } from './public-form-action';

type Answers = Record<string, unknown>;

/** Answers typed so far are kept in the tab (not on the device) until they are sent: a reload loses nothing. */
const backupKey = (formId: string) => `public-form:${formId}`;

function readBackup(formId: string): Answers | undefined {
  try {
    const raw = sessionStorage.getItem(backupKey(formId));
    const parsed: unknown = raw ? JSON.parse(raw) : undefined;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Answers) : undefined;
  } catch {
    return undefined;
  }
}

function writeBackup(formId: string, answers: Answers | undefined) {
  try {
    if (answers) sessionStorage.setItem(backupKey(formId), JSON.stringify(answers));
    else sessionStorage.removeItem(backupKey(formId));
  } catch {
    // Storage full or switched off: the answers stay in the page.
  }
}

/**
 * The page of a public form that an editor added in the manifest alone (a route with `form` and no `page` that no
 * step names): the route's title as heading, the form's optional lead text (`forms:<formKey>.lead`), the form with
 * check answers when it has several pages, and after sending a thank-you with the submission's reference. A form
 * posted before (or without) the page's scripts is answered by the page's action (public-form-action.ts), page by page
 * for a form of several pages, whose answer the page shows: the next page, the thank-you, or the form again with what
 * was wrong.
 */
export default function PublicFormPage({ formId = '', titleKey }: { formId?: string; titleKey?: string }) {
  const { t, i18n } = useTranslation(['forms', 'common']);
  const styles = usePageStyles();
  const send = useSendSubmission(formId);
  const sent = useActionData() as PublicFormActionData | undefined;
  const [answers, setAnswers] = useState<Answers | undefined>(sent?.answers);
  const [restored, setRestored] = useState(false);
  const [receipt, setReceipt] = useState<SubmissionReceipt | undefined>(sent?.receipt);
  const [refusal, setRefusal] = useState<ApiErrorBody | null>(() =>
    sent && (sent.errors.length > 0 || sent.problem)
      ? { error: sent.problem ?? '', code: sent.code ?? '', fields: sent.errors }
      : null,
  );
  const [failed, setFailed] = useState(false);
  // The answers kept in this tab come back once the page is shown (the server's page cannot know them); a form the
  // server has answered shows what it answered instead.
  useEffect(() => {
    if (sent?.receipt) {
      writeBackup(formId, undefined);
      return;
    }
    const backup = sent ? undefined : readBackup(formId);
    if (backup) {
      setAnswers(backup);
      setRestored(true);
    }
  }, [formId, sent]);
  const formKey = formId.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  const leadKey = `forms:${formKey}.lead`;

  const submit = async (data: Answers) => {
    setRefusal(null);
    setFailed(false);
    try {
      const sent = await send.mutateAsync(data);
      writeBackup(formId, undefined);
      setReceipt(sent);
    } catch (error) {
      const body = error instanceof ApiError ? error.errorBody : undefined;
      if (body) setRefusal(body);
      else setFailed(true);
    }
  };

  if (receipt) {
    // The reference stands out, and keeps its own direction inside a right-to-left sentence.
    const [before, after = ''] = t('forms:publicForm.reference', { reference: '\u0000' }).split('\u0000');
    return (
      <div className={styles.page}>
        <PageHeading focus>{t('forms:publicForm.thanksTitle')}</PageHeading>
        <p className={styles.lead}>{t('forms:publicForm.received')}</p>
        <p className={styles.text}>
          {before}
          <strong className={styles.strong}>
            <LtrValue>{receipt.reference}</LtrValue>
          </strong>
          {after}
        </p>
        <p className={styles.links}>
          <RouterLink className={styles.link} to={PATHS.home}>
            {t('forms:publicForm.home')}
          </RouterLink>
        </p>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeading>{titleKey ? t(titleKey) : formId}</PageHeading>
      {i18n.exists(leadKey) && <p className={styles.lead}>{t(leadKey)}</p>}
      {failed && <ProblemPanel message={t('forms:publicForm.sendFailed')} />}
      {refusal && !refusal.fields?.length && <ProblemPanel message={refusal.error} />}
      <SchemaForm
        key={restored ? 'restored' : 'shown'}
        formId={formId}
        formData={answers}
        onChange={(data) => {
          setAnswers(data);
          writeBackup(formId, data);
        }}
        onSubmit={submit}
        serverErrors={refusal}
        initialPageId={sent?.pageId}
        submitLabelKey="forms:publicForm.send"
      />
    </div>
  );
}
