import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEmailRequest } from '@/api/accounts';
import { SchemaForm } from '@/engine/schema-form';
import type { FieldError } from '@/shared/api-types';
import { errorBodyOf } from './api-errors';
import { Notice } from '@/ui/notice';
import { ProblemPanel } from '@/engine/problem-panel';
import { ADDRESS_FORM, useAccountActionData } from './account-action-data';

/**
 * Asks for the address and sends a new confirmation link and code. The form is the one-field e-mail form of
 * forgot-password (same field, same rules); only the action differs. Sent before (or without) the page's scripts, the
 * page's action sends the e-mail (account-action.ts, `resendFromAddressForm`) and the form shows what it answered.
 */
export function ResendForm() {
  const { t } = useTranslation('accounts');
  const resend = useEmailRequest();
  const sent = useAccountActionData();
  const [sentTo, setSentTo] = useState<string | undefined>(sent?.resend?.sentTo);
  const [problem, setProblem] = useState<string | undefined>(sent?.problem);
  const [fieldErrors, setFieldErrors] = useState<FieldError[] | null>(sent?.errors.length ? sent.errors : null);

  const submit = async (answers: Record<string, unknown>) => {
    const email = String(answers.email ?? '').trim();
    setSentTo(undefined);
    setProblem(undefined);
    setFieldErrors(null);
    try {
      await resend.mutateAsync({ email, emailAction: 'VERIFY_EMAIL' });
      setSentTo(email);
    } catch (error) {
      const body = errorBodyOf(error);
      if (body?.fields?.length) setFieldErrors(body.fields);
      else if (body) setProblem(body.error);
    }
  };

  return (
    <div>
      {problem && <ProblemPanel message={problem} />}
      {sentTo && <Notice tone="success">{t('resend.sent', { email: sentTo })}</Notice>}
      <SchemaForm
        formId={ADDRESS_FORM}
        formData={sent?.answers}
        onSubmit={submit}
        serverErrors={fieldErrors}
        submitLabelKey="accounts:resend.button"
      />
    </div>
  );
}
