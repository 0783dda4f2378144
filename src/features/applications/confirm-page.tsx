import type { FormEvent } from 'react';
import { ProblemPanel } from '@/engine/problem-panel';
import { ButtonLink } from '@/ui/button-link';
import { PostForm } from '@/ui/post-form';
import { PageHeading } from '@/ui/page-heading';
import { usePageStyles } from '@/ui/page-styles';
import { ActionButton } from '@/engine/action-button';

export interface ConfirmPageProps {
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Where "No" goes. */
  cancelTo: string;
  /** The `_action` the form posts (its page's action does it, without scripts). */
  action: string;
  /** What the action is done to, posted with it (e.g. `applicantIdentifier`). */
  fields: Record<string, string>;
  /** Why the last try failed. */
  problem?: string;
  busy?: boolean;
  /** With scripts: does the action instead of posting the form. */
  onConfirm(): void;
}

/**
 * Asks before an action that cannot be undone, as a page of its own: where the dialog is not there (no scripts, or
 * the address opened directly). Yes posts a form to the page's address, No is a link back.
 */
export function ConfirmPage(props: ConfirmPageProps) {
  const { title, body, confirmLabel, cancelLabel, cancelTo, action, fields, problem, busy, onConfirm } = props;
  const styles = usePageStyles();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm();
  };
  return (
    <div className={styles.page}>
      <PageHeading>{title}</PageHeading>
      {problem && <ProblemPanel message={problem} />}
      <p className={styles.lead}>{body}</p>
      <PostForm onSubmit={submit}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className={styles.actions}>
          <ActionButton action={action} appearance="primary" disabled={busy} className={styles.fullWidthOnPhone}>
            {confirmLabel}
          </ActionButton>
          <ButtonLink to={cancelTo} appearance="secondary" className={styles.fullWidthOnPhone}>
            {cancelLabel}
          </ButtonLink>
        </div>
      </PostForm>
    </div>
  );
}
