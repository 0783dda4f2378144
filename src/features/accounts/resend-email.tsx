import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEmailRequest } from '@/api/accounts';
import type { EmailAction } from '@/shared/api-types';
import { PostForm } from '@/ui/post-form';
import { errorBodyOf } from './api-errors';
import { Notice } from '@/ui/notice';
import { ProblemPanel } from '@/engine/problem-panel';
import { RESEND_ACTION, useAccountActionData } from './account-action-data';
import { ActionButton } from '@/engine/action-button';

export interface ResendEmailProps {
  /** The address to send to; when missing, pressing the button asks for it (`missingEmailKey`). */
  email: string | undefined;
  /** accounts key of the message shown when there is no address yet. */
  missingEmailKey?: string;
  appearance?: 'primary' | 'secondary';
  /** Which e-mail to send again: the confirmation (default) or the password reset, each with a new link and code. */
  emailAction?: EmailAction;
  /** accounts key of the confirmation shown once sent ({{email}} is the address). */
  sentKey?: string;
  /**
   * The id of the page's form that asks for the address (the code page): without scripts the button sends that form,
   * the address typed in it included, instead of a form of its own.
   */
  addressFormId?: string;
}

/**
 * "Send the e-mail again": a new link and code (POST verify-email-request, VERIFY_EMAIL unless told otherwise).
 * A form of its own (the address in a hidden field), or a button of the page's address form (`addressFormId`), so
 * that it works before and without the page's scripts: the page's action sends the e-mail (`_action=resend`, see
 * account-action.ts) and the page shows what it answered.
 */
export function ResendEmail({
  email,
  missingEmailKey = 'resend.missingEmail',
  appearance = 'secondary',
  emailAction = 'VERIFY_EMAIL',
  sentKey = 'resend.sent',
  addressFormId,
}: ResendEmailProps) {
  const { t } = useTranslation('accounts');
  const resend = useEmailRequest();
  const answered = useAccountActionData()?.resend;
  const [sentTo, setSentTo] = useState<string | undefined>(answered?.sentTo);
  const [problem, setProblem] = useState<string | undefined>(answered?.problem);

  const send = async () => {
    setSentTo(undefined);
    if (!email) {
      setProblem(t(missingEmailKey));
      return;
    }
    setProblem(undefined);
    try {
      await resend.mutateAsync({ email, emailAction });
      setSentTo(email);
    } catch (error) {
      const body = errorBodyOf(error);
      if (body) setProblem(body.error);
    }
  };
  const button = (
    // With the page's scripts the e-mail is asked for here; before them, the browser sends the form.
    <ActionButton
      action={RESEND_ACTION}
      onPress={() => void send()}
      form={addressFormId}
      appearance={appearance}
      disabled={resend.isPending}
    >
      {t('resend.button')}
    </ActionButton>
  );
  return (
    <div>
      {problem && <ProblemPanel message={problem} />}
      {sentTo && <Notice tone="success">{t(sentKey, { email: sentTo })}</Notice>}
      {addressFormId ? (
        button
      ) : (
        <PostForm>
          {email && <input type="hidden" name="email" value={email} />}
          {button}
        </PostForm>
      )}
    </div>
  );
}
