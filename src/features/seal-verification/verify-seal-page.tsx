import { Button, mergeClasses, Spinner, Textarea } from '@fluentui/react-components';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionData } from 'react-router-dom';
import { useSealLookups } from '@/api/outcomes';
import { ErrorSummary, type SummaryError } from '@/engine/error-summary';
import { useReportFormErrors } from '@/engine/error-title';
import { FilePicker } from '@/ui/file-picker';
import { formatCalendarDate as formatDate } from '@/shared/dates';
import { PostForm } from '@/ui/post-form';
import { PageHeading } from '@/ui/page-heading';
import { useHydrated } from '@/ui/use-hydrated';
import { CameraScanner, cameraAvailable } from './camera-scanner';
import { checkSeal, SEAL_TEXT_FIELD, type InputProblem, type SealAnswer as Answer } from './check-seal';
import { readQrFromPhoto } from './read-qr';
import { useSealStyles } from './styles';
import type { SealActionData } from './verify-seal-action';

const TEXT_ID = 'seal-text';
const PHOTO_ID = 'seal-photo';

/**
 * /verify-seal: anyone checks a document's digital seal, pasted as text, read from a photo of its QR code or
 * scanned with the camera. The signature is checked here in the browser against the published certificate; only
 * the document number goes to the API, for its current status. The answer says no more than the seal itself.
 * Without the page's scripts the pasted text is posted and the server runs the same check (verify-seal-action.ts);
 * reading a photo or the camera needs the scripts, so those ways are offered once they run.
 */
export default function VerifySealPage() {
  const { t } = useTranslation(['outcomes', 'common']);
  const styles = useSealStyles();
  const lookups = useSealLookups();
  const hydrated = useHydrated();
  // What the server answered to the text posted before (or without) the page's scripts.
  const sent = useActionData() as SealActionData | undefined;
  const department = t('common:header.department');
  const [text, setText] = useState(sent?.text ?? '');
  const [problem, setProblem] = useState<{ what: InputProblem; at: typeof TEXT_ID | typeof PHOTO_ID } | undefined>(
    sent?.problem ? { what: sent.problem, at: TEXT_ID } : undefined,
  );
  const [answer, setAnswer] = useState<Answer | undefined>(sent?.answer);
  const [checking, setChecking] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [cameraFailed, setCameraFailed] = useState(false);
  const [photoRead, setPhotoRead] = useState(false);
  /** The photo chosen last, while no code could be read in it: the picker says so. */
  const [unreadPhoto, setUnreadPhoto] = useState<string>();
  const summary = useRef<HTMLDivElement>(null);
  const [problemCount, setProblemCount] = useState(0);
  useReportFormErrors(problem !== undefined);
  useEffect(() => {
    if (problemCount > 0) summary.current?.focus();
  }, [problemCount]);

  const showProblem = (what: InputProblem, at: typeof TEXT_ID | typeof PHOTO_ID = TEXT_ID) => {
    setAnswer(undefined);
    setProblem({ what, at });
    setProblemCount((n) => n + 1);
  };

  const check = async (sealText: string) => {
    setPhotoRead(false);
    setProblem(undefined);
    setAnswer(undefined);
    setChecking(true);
    try {
      const outcome = await checkSeal(sealText, lookups);
      if ('problem' in outcome) showProblem(outcome.problem);
      else setAnswer(outcome.answer);
    } finally {
      setChecking(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void check(text);
  };

  const onRead = (read: string, fromPhoto = false) => {
    setUnreadPhoto(undefined);
    setScanning(false);
    setText(read);
    void check(read).then(() => setPhotoRead(fromPhoto));
  };

  const onPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const photo = event.target.files?.[0];
    event.target.value = '';
    if (!photo) return;
    const read = await readQrFromPhoto(photo);
    if (!read) {
      setUnreadPhoto(photo.name);
      return showProblem('noCode', PHOTO_ID);
    }
    onRead(read, true);
  };

  const errors: SummaryError[] = problem
    ? [{ path: problem.at, message: t(`verify.errors.${problem.what}`, { name: unreadPhoto }), targetId: problem.at }]
    : [];
  const textError = problem?.at === TEXT_ID ? errors[0].message : undefined;
  const photoError = problem?.at === PHOTO_ID ? errors[0].message : undefined;

  return (
    <div className={styles.page}>
      <ErrorSummary ref={summary} errors={errors} />
      <PageHeading>{t('verify.title')}</PageHeading>
      <p className={styles.lead}>{t('verify.lead', { department })}</p>
      {/* Without the scripts the text is checked by the server, which the page then says. */}
      <p className={styles.text}>{t(hydrated ? 'verify.privacy' : 'verify.privacyServer')}</p>
      <PostForm className={styles.form} onSubmit={onSubmit} noValidate>
        {/* Each way of giving the seal as every field of the portal: label, hint, error message, then the control. */}
        <div className={mergeClasses(styles.field, textError ? styles.fieldError : undefined)}>
          <label htmlFor={TEXT_ID} className={styles.label}>
            {t('verify.textLabel')}
          </label>
          <p id={`${TEXT_ID}-hint`} className={styles.hint}>
            {t('verify.textHint')}
          </p>
          {textError && (
            <p id={`${TEXT_ID}-error`} className={styles.fieldErrorMessage}>
              <span className={styles.visuallyHidden}>{t('verify.errorPrefix')} </span>
              {textError}
            </p>
          )}
          <Textarea
            id={TEXT_ID}
            name={SEAL_TEXT_FIELD}
            textarea={{ className: styles.textarea }}
            value={text}
            resize="vertical"
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            aria-describedby={`${TEXT_ID}-hint${textError ? ` ${TEXT_ID}-error` : ''}`}
            aria-invalid={textError ? true : undefined}
            onChange={(_, data) => setText(data.value)}
          />
        </div>
        {/* A photo is read, and the camera scanned, by the page's scripts: offered once they run. */}
        {hydrated && (
          <div className={mergeClasses(styles.field, photoError ? styles.fieldError : undefined)}>
            <label htmlFor={PHOTO_ID} className={styles.label}>
              {t('verify.photoLabel')}
            </label>
            <p id={`${PHOTO_ID}-hint`} className={styles.hint}>
              {t('verify.photoHint')}
            </p>
            {photoError && (
              <p id={`${PHOTO_ID}-error`} className={styles.fieldErrorMessage}>
                <span className={styles.visuallyHidden}>{t('verify.errorPrefix')} </span>
                {photoError}
              </p>
            )}
            <FilePicker
              id={PHOTO_ID}
              accept="image/*"
              describedBy={`${PHOTO_ID}-hint${photoError ? ` ${PHOTO_ID}-error` : ''}`}
              invalid={Boolean(photoError)}
              chooseText={t('verify.choosePhoto')}
              noFileText={t('verify.noPhoto')}
              refusedText={unreadPhoto === undefined ? undefined : t('verify.photoNotRead', { name: unreadPhoto })}
              onChosen={(event) => void onPhoto(event)}
            />
          </div>
        )}
        {hydrated && cameraAvailable() && (
          <div>
            <Button
              appearance="secondary"
              onClick={() => {
                setCameraFailed(false);
                setScanning((on) => !on);
              }}
            >
              {scanning ? t('verify.stopScan') : t('verify.scan')}
            </Button>
            {scanning && (
              <>
                <p className={styles.text}>{t('verify.scanning')}</p>
                <CameraScanner
                  onRead={(read) => onRead(read)}
                  onFail={() => {
                    setScanning(false);
                    setCameraFailed(true);
                  }}
                />
              </>
            )}
            {cameraFailed && <p className={styles.text}>{t('verify.cameraFailed')}</p>}
          </div>
        )}
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" size="large" disabledFocusable={checking}>
            {t('verify.check')}
          </Button>
        </div>
      </PostForm>
      <div aria-live="polite">
        {checking && <Spinner label={t('verify.checking')} />}
        {photoRead && answer && <p className={styles.text}>{t('verify.photoRead')}</p>}
        {answer && <SealAnswer answer={answer} />}
      </div>
    </div>
  );
}

/** What the check found: a genuine seal's validity and what it says, a refused seal, or a check that failed. */
function SealAnswer({ answer }: { answer: Answer }) {
  const { t, i18n } = useTranslation(['outcomes', 'common']);
  const styles = useSealStyles();
  const department = t('common:header.department');
  const language = i18n.resolvedLanguage ?? i18n.language;
  if (answer.kind === 'failed') return <p className={styles.text}>{t('verify.serviceFailed')}</p>;
  if (answer.kind === 'refused') {
    return (
      <div className={styles.refused}>
        <h2 className={mergeClasses(styles.h2, styles.heading)}>{t('verify.refusedTitle')}</h2>
        <p className={styles.text}>{t(`verify.refused.${answer.problem}`, { department })}</p>
      </div>
    );
  }
  const { msg } = answer.seal.data;
  const kindKey = `document.kind.${msg.typ}`;
  const rows = [
    { key: 'validity', value: t(`verify.status.${answer.status}`) },
    { key: 'documentType', value: i18n.exists(`outcomes:${kindKey}`) ? t(kindKey) : msg.typ },
    { key: 'issuedOn', value: <bdi>{formatDate(msg.iss, language)}</bdi> },
    { key: 'validFrom', value: <bdi>{formatDate(msg.vf, language)}</bdi> },
    ...(msg.vu ? [{ key: 'validUntil', value: <bdi>{formatDate(msg.vu, language)}</bdi> }] : []),
    { key: 'initials', value: <bdi>{msg.ini}</bdi> },
  ];
  return (
    <div className={styles.outcome}>
      <h2 className={mergeClasses(styles.h2, styles.heading)}>{t('verify.resultHeading')}</h2>
      <p className={styles.text}>{t('verify.genuine', { department })}</p>
      <dl>
        {rows.map((row) => (
          <div key={row.key} className={styles.summaryRow}>
            <dt className={styles.summaryTerm}>{t(`verify.field.${row.key}`)}</dt>
            <dd className={styles.summaryValue}>{row.value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.text}>{t('verify.compare')}</p>
    </div>
  );
}
