import { Button } from '@fluentui/react-components';
import { Trans, useTranslation } from 'react-i18next';
import type { DocumentFile } from '@/api/documents';
import { formatFileSize } from '@/shared/file-size';
import { useDocumentStyles } from './styles';

export interface FileListProps {
  files: readonly DocumentFile[];
  /** The document type's name, which names the list for screen readers. */
  typeLabel: string;
  busy: boolean;
  onRemove(file: DocumentFile): void;
  onReplace(file: DocumentFile): void;
}

/** The files given for one document type: name, size, and Replace and Remove, each named after its file. */
export function FileList({ files, typeLabel, busy, onRemove, onReplace }: FileListProps) {
  const { t, i18n } = useTranslation('documents');
  const styles = useDocumentStyles();
  const language = i18n.resolvedLanguage ?? i18n.language;
  if (files.length === 0) return <p className={styles.none}>{t('page.files.none')}</p>;
  const hidden = { hidden: <span className={styles.visuallyHidden} /> };
  return (
    <ul className={styles.files} aria-label={t('page.files.listLabel', { type: typeLabel })}>
      {files.map((file) => (
        <li key={file.documentIdentifier} className={styles.file}>
          <span className={styles.fileName}>
            {file.fileName} <span className={styles.fileSize}>({formatFileSize(file.sizeBytes, language)})</span>
          </span>
          <span className={styles.fileActions}>
            <Button appearance="secondary" disabled={busy} onClick={() => onReplace(file)}>
              <Trans t={t} i18nKey="page.files.replace" values={{ name: file.fileName }} components={hidden} />
            </Button>
            <Button appearance="secondary" disabled={busy} onClick={() => onRemove(file)}>
              <Trans t={t} i18nKey="page.files.remove" values={{ name: file.fileName }} components={hidden} />
            </Button>
          </span>
        </li>
      ))}
    </ul>
  );
}
