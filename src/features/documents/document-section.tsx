import { mergeClasses } from '@fluentui/react-components';
import { type ChangeEvent, useEffect, useEffectEvent, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { DocumentFile, DocumentRequirement, useDocumentChanges } from '@/api/documents';
import { PostForm } from '@/ui/post-form';
import { useHydrated } from '@/ui/use-hydrated';
import { DOCUMENT_ACTIONS, DOCUMENT_FORM } from './documents-action-names';
import { messageOf } from './errors';
import { FileList } from './file-list';
import { formatFileSize } from '@/shared/file-size';
import { FilePicker } from '@/ui/file-picker';
import { acceptAttribute } from './format';
import { ReuseList } from './reuse-list';
import { useDocumentStyles } from './styles';
import { UploadProgress, type UploadProgressProps } from './upload-progress';
import { ActionButton } from '@/engine/action-button';

/** The id of a document type's file input: where the error summary's link for that type leads. */
export const inputIdOf = (documentType: string) => `document-${documentType}`;

export interface DocumentSectionProps {
  requirement: DocumentRequirement;
  /** Files of other applicants of the application that can be given again. */
  reusable: readonly DocumentFile[];
  maxFileBytes: number;
  acceptedTypes: readonly string[];
  /** The message shown at the field (and in the error summary), if any. */
  error?: string;
  /** The file refused last, by the server (a form posted without scripts): the picker says it was not uploaded. */
  refusedName?: string;
  /** The file whose Replace was pressed without scripts: its row offers a file input. */
  replacing?: string;
  changes: ReturnType<typeof useDocumentChanges>;
  /** A file or an action was refused: show `message` at this type and in the summary. */
  onProblem(documentType: string, message: string): void;
  /** An action succeeded: clear this type's message and confirm with `message`. */
  onDone(documentType: string, message: string): void;
}

/**
 * One document type (GOV.UK file upload): its name and hint, the files given with Replace and Remove, a real
 * file input with a visible label (its button in the page's language), the upload's progress, and the files of other applicants that can be reused.
 * Before (or without) the page's scripts each of these is a form the server takes (supporting-documents-action.ts):
 * the file input then has an Upload button, one file per post.
 */
export function DocumentSection(props: DocumentSectionProps) {
  const { requirement, reusable, maxFileBytes, acceptedTypes, error, changes, onProblem, onDone } = props;
  const hydrated = useHydrated();
  const { documentType, files } = requirement;
  const { t, i18n } = useTranslation('documents');
  const styles = useDocumentStyles();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [progress, setProgress] = useState<UploadProgressProps | null>(null);
  const [working, setWorking] = useState(false);
  /** The name of the file chosen last, while it stands refused: the picker says so instead of "No file chosen". */
  const [refused, setRefused] = useState<string | null>(props.refusedName ?? null);
  const input = useRef<HTMLInputElement>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const replacing = useRef<DocumentFile | null>(null);
  // The file input gives way to the progress bar while a file is sent, which takes focus with it: once the input
  // is back, focus returns to it (unless the user has moved on meanwhile).
  const refocusInput = useRef(false);
  useEffect(() => {
    if (!refocusInput.current || progress) return;
    refocusInput.current = false;
    if (!document.activeElement || document.activeElement === document.body) input.current?.focus();
  });

  // A file chosen before the page's scripts ran (its Upload button gone with them) is sent once they run.
  const chosenAhead = useRef(false);
  const sendChosenAhead = useEffectEvent(() => {
    if (chosenAhead.current) return;
    chosenAhead.current = true;
    const file = input.current?.files?.[0];
    if (file) {
      if (input.current) input.current.value = '';
      void send(file);
    }
  });
  // Once, when the scripts have taken the page over.
  useEffect(() => {
    if (hydrated) sendChosenAhead();
  }, [hydrated]);

  const inputId = inputIdOf(documentType);
  const headingId = `${inputId}-heading`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const label = t(`types.${documentType}.label`, { defaultValue: documentType });
  const hint = t(`types.${documentType}.hint`, { defaultValue: '' });
  const maxSize = formatFileSize(maxFileBytes, language);
  const busy = working || progress !== null;

  /** A file was not uploaded: the message names it and says why (GOV.UK's file upload), and the picker says so. */
  const refuse = (file: File, reason: string) => {
    setRefused(file.name);
    onProblem(documentType, t('page.errors.fileRefused', { name: file.name, reason }));
  };

  /** Checks what the browser can tell at once (size), then sends the file with its progress shown. */
  const send = async (file: File, replaces?: DocumentFile) => {
    setRefused(null);
    if (file.size === 0) return refuse(file, t('api.DOCUMENT_EMPTY'));
    if (file.size > maxFileBytes) return refuse(file, t('api.DOCUMENT_TOO_BIG', { size: maxSize }));
    setProgress({ fileName: file.name, loaded: 0, total: file.size });
    try {
      await changes.upload.mutateAsync({
        documentType,
        file,
        replaces: replaces?.documentIdentifier,
        onProgress: ({ loaded, total }) => setProgress({ fileName: file.name, loaded, total }),
      });
      onDone(documentType, t(replaces ? 'page.upload.replaced' : 'page.upload.done', { name: file.name }));
      refocusInput.current = true;
    } catch (failure) {
      refuse(file, messageOf(failure, t('page.errors.uploadFailed')));
    } finally {
      setProgress(null);
    }
  };

  const onChosen = (event: ChangeEvent<HTMLInputElement>, replaces?: DocumentFile) => {
    const file = event.target.files?.[0];
    // Emptied so that choosing the same file again (after fixing it) is a change too.
    event.target.value = '';
    if (file) void send(file, replaces);
  };

  /** Runs a call that changes the list (remove, reuse), reporting its outcome the same way as an upload. */
  const run = async (action: () => Promise<unknown>, done: string, failed: string) => {
    setRefused(null);
    setWorking(true);
    try {
      await action();
      onDone(documentType, done);
      return true;
    } catch (failure) {
      onProblem(documentType, messageOf(failure, failed));
      return false;
    } finally {
      setWorking(false);
    }
  };

  const remove = async (file: DocumentFile) => {
    const removed = await run(
      () => changes.remove.mutateAsync(file.documentIdentifier),
      t('page.remove.done', { name: file.fileName }),
      t('page.errors.removeFailed'),
    );
    // The Remove button has gone with its file: focus goes on to where the next file would be chosen.
    if (removed) input.current?.focus();
  };

  const reuse = async (file: DocumentFile) => {
    const reused = await run(
      () => changes.reuse.mutateAsync({ documentIdentifier: file.documentIdentifier, documentType }),
      t('page.reuse.done', { name: file.fileName }),
      t('page.errors.reuseFailed'),
    );
    // The file is given now, so its button has gone from the list: focus goes to the file input, as after Remove.
    if (reused) input.current?.focus();
  };

  const given = new Set(files.map((f) => f.sha256));
  const offered = [...reusable]
    .filter((f) => !given.has(f.sha256))
    .sort((a, b) => Number(b.documentType === documentType) - Number(a.documentType === documentType));

  return (
    <section
      aria-labelledby={headingId}
      className={mergeClasses(styles.section, error ? styles.sectionError : undefined)}
    >
      <h2 id={headingId} className={styles.h2}>
        {requirement.required ? label : `${label} ${t('page.optional')}`}
      </h2>
      {hint && <p className={styles.hint}>{hint}</p>}
      <FileList
        files={files}
        typeLabel={label}
        busy={busy}
        accept={acceptAttribute(acceptedTypes)}
        replacing={props.replacing}
        onRemove={(file) => void remove(file)}
        onReplace={(file) => {
          replacing.current = file;
          replaceInput.current?.click();
        }}
      />
      {/* Opened only by a file's Replace button, which is what assistive technology is offered. */}
      {files.length > 0 && (
        <input
          ref={replaceInput}
          type="file"
          tabIndex={-1}
          aria-hidden="true"
          className={styles.hiddenInput}
          accept={acceptAttribute(acceptedTypes)}
          aria-label={t('page.files.replaceInput', { type: label })}
          onChange={(event) => onChosen(event, replacing.current ?? undefined)}
        />
      )}
      {progress ? (
        <UploadProgress {...progress} />
      ) : (
        <PostForm encType="multipart/form-data" className={styles.upload}>
          <input type="hidden" name={DOCUMENT_FORM.documentType} value={documentType} />
          <label htmlFor={inputId} className={styles.label}>
            {files.length === 0 ? t('page.upload.label') : t('page.upload.labelAnother')}
            <span className={styles.visuallyHidden}> {label}</span>
          </label>
          <p id={hintId} className={styles.uploadHint}>
            {t('page.upload.hint', { size: maxSize })}
          </p>
          {error && (
            <p id={errorId} className={styles.error}>
              <span className={styles.visuallyHidden}>{t('page.errors.prefix')} </span>
              {error}
            </p>
          )}
          <FilePicker
            ref={input}
            id={inputId}
            accept={acceptAttribute(acceptedTypes)}
            describedBy={error ? `${hintId} ${errorId}` : hintId}
            invalid={Boolean(error)}
            chooseText={t('page.upload.choose')}
            noFileText={t('page.upload.noFile')}
            refusedText={refused === null ? undefined : t('page.upload.refused', { name: refused })}
            name={DOCUMENT_FORM.file}
            onChosen={(event) => onChosen(event)}
          />
          {/* With the scripts a chosen file is sent at once; before them, this button sends it. */}
          {!hydrated && (
            <span className={styles.fileActions}>
              <ActionButton action={DOCUMENT_ACTIONS.upload} size="medium" appearance="primary">
                <Trans
                  t={t}
                  i18nKey="page.upload.submit"
                  values={{ type: label }}
                  components={{ hidden: <span className={styles.visuallyHidden} /> }}
                />
              </ActionButton>
            </span>
          )}
        </PostForm>
      )}
      <ReuseList files={offered} documentType={documentType} busy={busy} onUse={(file) => void reuse(file)} />
    </section>
  );
}
