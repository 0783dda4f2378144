import { Button } from '@fluentui/react-components';
import { useId, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { DocumentFile } from '@/api/documents';
import { formatFileSize } from '@/shared/file-size';
import { FilePicker } from '@/ui/file-picker';
import { PostForm } from '@/ui/post-form';
import { DOCUMENT_ACTIONS, DOCUMENT_FORM, DOCUMENT_PARAMS } from './documents-action-names';
import { FileActionButton } from './file-action-button';
import { useDocumentStyles } from './styles';
import { ActionButton } from '@/engine/action-button';

export interface FileListProps {
  files: readonly DocumentFile[];
  /** The document type's name, which names the list for screen readers. */
  typeLabel: string;
  busy: boolean;
  /** The accepted types, for the file input that replaces a file. */
  accept: string;
  /** The file whose Replace was pressed before (or without) the page's scripts: its row offers a file input. */
  replacing?: string;
  onRemove(file: DocumentFile): void;
  onReplace(file: DocumentFile): void;
}

/**
 * The files given for one document type: name, size, and Replace and Remove, each named after its file. Each button
 * is a form that works before (or without) the page's scripts: Remove is posted (supporting-documents-action.ts);
 * Replace opens this page with the file's row offering a file input, whose file is posted in its place.
 */
export function FileList({ files, typeLabel, busy, accept, replacing, onRemove, onReplace }: FileListProps) {
  const { t, i18n } = useTranslation('documents');
  const styles = useDocumentStyles();
  const location = useLocation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  if (files.length === 0) return <p className={styles.none}>{t('page.files.none')}</p>;
  const hidden = { hidden: <span className={styles.visuallyHidden} /> };
  const applicant = new URLSearchParams(location.search).get('applicantIdentifier') ?? '';
  const back = `${location.pathname}?${new URLSearchParams({ applicantIdentifier: applicant }).toString()}`;
  return (
    <ul className={styles.files} aria-label={t('page.files.listLabel', { type: typeLabel })}>
      {files.map((file) => (
        <li key={file.documentIdentifier} className={styles.file}>
          <span className={styles.fileName}>
            {file.fileName} <span className={styles.fileSize}>({formatFileSize(file.sizeBytes, language)})</span>
          </span>
          {replacing === file.documentIdentifier ? (
            <ReplaceForm file={file} typeLabel={typeLabel} accept={accept} back={back} />
          ) : (
            <span className={styles.fileActions}>
              {/* The page again, with this file's row offering a file input (a GET: nothing changes yet). */}
              <form method="get" className={styles.inlineForm}>
                <input type="hidden" name="applicantIdentifier" value={applicant} />
                <input type="hidden" name={DOCUMENT_PARAMS.replace} value={file.documentIdentifier} />
                <Button
                  type="submit"
                  appearance="secondary"
                  disabled={busy}
                  onClick={(event) => {
                    event.preventDefault();
                    onReplace(file);
                  }}
                >
                  <Trans t={t} i18nKey="page.files.replace" values={{ name: file.fileName }} components={hidden} />
                </Button>
              </form>
              <FileActionButton
                action={DOCUMENT_ACTIONS.remove}
                documentIdentifier={file.documentIdentifier}
                documentType={file.documentType}
                busy={busy}
                onPress={() => onRemove(file)}
              >
                <Trans t={t} i18nKey="page.files.remove" values={{ name: file.fileName }} components={hidden} />
              </FileActionButton>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

interface ReplaceFormProps {
  file: DocumentFile;
  typeLabel: string;
  accept: string;
  /** The page without the replacing row. */
  back: string;
}

/** A file input and a button that posts the chosen file in place of `file`, or Cancel (the page as it was). */
function ReplaceForm({ file, typeLabel, accept, back }: ReplaceFormProps): ReactNode {
  const { t } = useTranslation('documents');
  const styles = useDocumentStyles();
  const id = useId();
  return (
    <PostForm encType="multipart/form-data" className={styles.upload}>
      <input type="hidden" name={DOCUMENT_FORM.documentIdentifier} value={file.documentIdentifier} />
      <input type="hidden" name={DOCUMENT_FORM.documentType} value={file.documentType} />
      <label htmlFor={id} className={styles.label}>
        {t('page.files.replaceInput', { type: typeLabel })}
      </label>
      <FilePicker
        id={id}
        name={DOCUMENT_FORM.file}
        accept={accept}
        describedBy={undefined}
        invalid={false}
        chooseText={t('page.upload.choose')}
        noFileText={t('page.upload.noFile')}
        onChosen={() => undefined}
      />
      <span className={styles.fileActions}>
        <ActionButton action={DOCUMENT_ACTIONS.replace} size="medium" appearance="primary">
          <Trans
            t={t}
            i18nKey="page.files.replaceSubmit"
            values={{ name: file.fileName }}
            components={{ hidden: <span className={styles.visuallyHidden} /> }}
          />
        </ActionButton>
        <Button as="a" appearance="secondary" href={back}>
          {t('page.files.cancelReplace')}
        </Button>
      </span>
    </PostForm>
  );
}
