import { Button, mergeClasses } from '@fluentui/react-components';
import { forwardRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { photoOf, type CaptureSessionView, type CaptureType } from '@/api/capture';
import { ErrorSummary } from '@/engine/error-summary';
import { FilePicker } from '@/ui/file-picker';
import { PostForm } from '@/ui/post-form';
import { useImageCaptureStyles } from './image-capture.styles';
import { PHOTO_FIELDS, type PhotosActionData } from './send-photos';
import { useCaptureStyles } from './styles';

/** The id of a photo's file input (where the error summary's link leads). */
export const photoInputId = (captureType: CaptureType) => `photo-${captureType}`;

/** The summary of a photo form sent back without a photo (the ids of its inputs). */
export function photoProblems(sent: PhotosActionData | undefined) {
  return (sent?.errors ?? []).map((error) => ({
    path: error.field,
    message: error.message,
    targetId: photoInputId(error.field === PHOTO_FIELDS.passport ? 'passport' : 'biometrics'),
  }));
}

interface PhotoFieldProps {
  captureType: CaptureType;
  error?: string;
  /** Extra guidance under the hint. */
  guidance?: string;
}

/**
 * One photo as a file input: on a phone it opens the camera (the front one for the selfie), elsewhere it chooses a
 * file. Label, hint, error message, then the control, as every field of the portal.
 */
export function PhotoField({ captureType, error, guidance }: PhotoFieldProps) {
  const { t } = useTranslation(['capture', 'forms']);
  const own = useImageCaptureStyles();
  const styles = useCaptureStyles();
  const id = photoInputId(captureType);
  return (
    <div className={mergeClasses(own.fileBox, error ? own.fileBoxError : undefined)}>
      <label className={own.fileLabel} htmlFor={id}>
        {t(`entry.file.label.${captureType}`)}
      </label>
      <span className={own.fileHint} id={`${id}-hint`}>
        {guidance ? `${guidance} ` : ''}
        {t('entry.file.hint')}
      </span>
      {error && (
        <span className={own.fileError} id={`${id}-error`}>
          <span className={styles.visuallyHidden}>{t('forms:engine.errorPrefix')} </span>
          {error}
        </span>
      )}
      <FilePicker
        id={id}
        name={PHOTO_FIELDS[captureType]}
        accept="image/*"
        capture={captureType === 'biometrics' ? 'user' : 'environment'}
        describedBy={`${id}-hint${error ? ` ${id}-error` : ''}`}
        invalid={Boolean(error)}
        chooseText={t('files.choose')}
        noFileText={t('files.noFile')}
        onChosen={() => undefined}
      />
    </div>
  );
}

/** A photo form posted to the server: the visitor's token, the fields (files), and its submit button. */
export const PhotoForm = forwardRef<HTMLFormElement, { children: ReactNode }>(function PhotoForm({ children }, ref) {
  return (
    <PostForm ref={ref} encType="multipart/form-data" noValidate>
      {children}
    </PostForm>
  );
});

/** Whether a file was chosen in a form before the page's scripts ran (it is then sent as it is, not dropped). */
export function fileChosenIn(form: HTMLFormElement | null): boolean {
  return [...(form?.querySelectorAll<HTMLInputElement>('input[type="file"]') ?? [])].some(
    (input) => (input.files?.length ?? 0) > 0,
  );
}

interface PhotoFilesFormProps {
  view: CaptureSessionView;
  sent?: PhotosActionData;
}

/**
 * The photo step before (or without) the page's scripts: the photos still needed as file inputs in one form, which
 * the server sends to the session in order (capture-biometrics-action.ts) before showing the same result pages.
 */
export const PhotoFilesForm = forwardRef<HTMLFormElement, PhotoFilesFormProps>(function PhotoFilesForm(
  { view, sent },
  ref,
) {
  const { t } = useTranslation('capture');
  const styles = useCaptureStyles();
  const needed: CaptureType[] = photoOf(view) === 'passport' ? ['passport'] : ['biometrics', 'passport'];
  const problems = photoProblems(sent);
  const errorOf = (captureType: CaptureType) =>
    sent?.errors.find((e) => e.field === PHOTO_FIELDS[captureType])?.message;
  return (
    <section className={styles.way} aria-labelledby="way-files">
      <ErrorSummary errors={problems} />
      <h2 id="way-files" className={styles.wayHeading}>
        {t('files.heading')}
      </h2>
      <p className={styles.text}>{t('files.text')}</p>
      <PhotoForm ref={ref}>
        {needed.map((captureType) => (
          <PhotoField
            key={captureType}
            captureType={captureType}
            error={errorOf(captureType)}
            guidance={t(captureType === 'biometrics' ? 'start.selfieText' : 'start.passportText')}
          />
        ))}
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" size="large" className={styles.fullWidthOnPhone}>
            {t(needed.length > 1 ? 'files.sendBoth' : 'files.sendOne')}
          </Button>
        </div>
      </PhotoForm>
    </section>
  );
});

interface OnePhotoFormProps {
  captureType: CaptureType;
  sent?: PhotosActionData;
}

/**
 * One photo before (or without) the camera page's scripts: its file input (a phone's camera) and the button that
 * sends it, with the summary of a form sent without a photo.
 */
export const OnePhotoForm = forwardRef<HTMLFormElement, OnePhotoFormProps>(function OnePhotoForm(
  { captureType, sent },
  ref,
) {
  const { t } = useTranslation('capture');
  const styles = useCaptureStyles();
  const error = sent?.errors.find((e) => e.field === PHOTO_FIELDS[captureType])?.message;
  return (
    <>
      <ErrorSummary errors={photoProblems(sent)} />
      <PhotoForm ref={ref}>
        <PhotoField captureType={captureType} error={error} />
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" size="large" className={styles.fullWidthOnPhone}>
            {t('files.sendOne')}
          </Button>
        </div>
      </PhotoForm>
    </>
  );
});
