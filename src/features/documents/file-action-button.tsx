import type { ReactNode } from 'react';
import { PostForm } from '@/ui/post-form';
import { DOCUMENT_FORM, type DocumentAction } from './documents-action-names';
import { useDocumentStyles } from './styles';
import { ActionButton } from '@/engine/action-button';

export interface FileActionButtonProps {
  action: DocumentAction;
  /** The file acted on, and the document type it is (or is to be) given for. */
  documentIdentifier: string;
  documentType: string;
  busy: boolean;
  /** Does the action once the page's scripts run, instead of posting it. */
  onPress(): void;
  /** The button's accessible name, when it is not its text. */
  ariaLabel?: string;
  children: ReactNode;
}

/**
 * A button that acts on one file: a form posted to the page (supporting-documents-action.ts) before or without the
 * page's scripts, and `onPress` once they run.
 */
export function FileActionButton(props: FileActionButtonProps) {
  const { action, documentIdentifier, documentType, busy, onPress, ariaLabel, children } = props;
  const styles = useDocumentStyles();
  return (
    <PostForm className={styles.inlineForm}>
      <input type="hidden" name={DOCUMENT_FORM.documentIdentifier} value={documentIdentifier} />
      <input type="hidden" name={DOCUMENT_FORM.documentType} value={documentType} />
      <ActionButton
        action={action}
        onPress={onPress}
        size="medium"
        appearance="secondary"
        disabled={busy}
        aria-label={ariaLabel}
      >
        {children}
      </ActionButton>
    </PostForm>
  );
}
