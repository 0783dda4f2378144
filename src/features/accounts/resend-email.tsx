import { Button } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEmailRequest } from '@/api/accounts';
import type { EmailAction } from '@/shared/api-types';
import { errorBodyOf } from './api-errors';
import { Notice } from '@/ui/notice';
import { ProblemPanel } from '@/engine/problem-panel';

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
}

/** "Send the e-mail again": a new link and code (POST verify-email-request, VERIFY_EMAIL unless told otherwise). */
export function ResendEmail({
  email,
  missingEmailKey = 'resend.missingEmail',
  appearance = 'secondary',
  emailAction = 'VERIFY_EMAIL',
  sentKey = 'resend.sent',
}: ResendEmailProps) {
  const { t } = useTranslation('accounts');
  const resend = useEmailRequest();
  const [sentTo, setSentTo] = useState<string>();
  const [problem, setProblem] = useState<string>();

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

  return (
    <div>
      {problem && <ProblemPanel message={problem} />}
      {sentTo && <Notice tone="success">{t(sentKey, { email: sentTo })}</Notice>}
      <Button appearance={appearance} size="large" disabled={resend.isPending} onClick={() => void send()}>
        {t('resend.button')}
      </Button>
    </div>
  );
}
