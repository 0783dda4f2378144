import { Trans, useTranslation } from 'react-i18next';
import type { DocumentFile } from '@/api/documents';
import { formatFileSize } from '@/shared/file-size';
import { DOCUMENT_ACTIONS } from './documents-action-names';
import { FileActionButton } from './file-action-button';
import { useDocumentStyles } from './styles';

export interface ReuseListProps {
  /** Files uploaded for other applicants of the application, not given for this document type yet. */
  files: readonly DocumentFile[];
  /** The document type the files would be given for. */
  documentType: string;
  busy: boolean;
  onUse(file: DocumentFile): void;
}

/**
 * "Use a file you uploaded already": the application's files of other applicants (a shared booking, a parent's
 * letter), given again without uploading. A native disclosure, so it works with every keyboard and screen reader,
 * and each Use button a form, so it works before (or without) the page's scripts too.
 */
export function ReuseList({ files, documentType, busy, onUse }: ReuseListProps) {
  const { t, i18n } = useTranslation('documents');
  const styles = useDocumentStyles();
  const language = i18n.resolvedLanguage ?? i18n.language;
  if (files.length === 0) return null;
  return (
    <details className={styles.reuse}>
      <summary className={styles.reuseSummary}>{t('page.reuse.summary')}</summary>
      <div className={styles.reuseBody}>
        <p className={styles.text}>{t('page.reuse.intro')}</p>
        <ul className={styles.files}>
          {files.map((file) => (
            <li key={file.documentIdentifier} className={styles.file}>
              <span className={styles.fileName}>
                {file.fileName}{' '}
                <span className={styles.fileSize}>
                  ({t(`types.${file.documentType}.label`, { defaultValue: file.documentType })},{' '}
                  {formatFileSize(file.sizeBytes, language)})
                </span>
              </span>
              <FileActionButton
                action={DOCUMENT_ACTIONS.reuse}
                documentIdentifier={file.documentIdentifier}
                documentType={documentType}
                busy={busy}
                onPress={() => onUse(file)}
                // Named from the text itself: the hidden part, drawn out of the flow, would put a space before it.
                ariaLabel={t('page.reuse.use', { name: file.fileName }).replace(/<\/?hidden>/g, '')}
              >
                <Trans
                  t={t}
                  i18nKey="page.reuse.use"
                  values={{ name: file.fileName }}
                  components={{ hidden: <span className={styles.visuallyHidden} /> }}
                />
              </FileActionButton>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
