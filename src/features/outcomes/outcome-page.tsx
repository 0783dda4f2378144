import { Badge, mergeClasses, Spinner, type BadgeProps } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useOutcome, type Outcome, type OutcomeKind } from '@/api/outcomes';
import { ApiError } from '@/api/request';
import { ProblemPanel } from '@/engine/problem-panel';
import { OUTCOME_ERRORS } from '@/shared/contract/outcomes';
import { PATHS } from '@/shared/route-paths';
import { Notice } from '@/ui/notice';
import { PageHeading } from '@/ui/page-heading';
import { PageWithLinkOn } from '@/ui/page-with-link-on';
import { QrCode } from '@/ui/qr-code';
import { DocumentActions } from './document-actions';
import { countryName } from '@/engine/countries';
import { formatCalendarDate as formatDate } from '@/shared/dates';
import { useOutcomeStyles } from './styles';
import { LtrValue, TextWithLtrValues } from '@/ui/ltr-value';

/**
 * The seal's size on screen: 4 CSS pixels per module (a seal of today, 77 modules with its quiet zone, is 308 px),
 * 3 for the larger seals issued before (129 modules), so that a screenshot at 1x or a phone's camera reads it.
 */
const SEAL_SIZING = { pixelsPerModule: 4, minimum: 3, maxSide: 400 };

/** The page's own title key (outcomes namespace) per kind of document. */
const PAGE_KEY: Record<OutcomeKind, string> = { ETA: 'viewEta', PERMIT: 'viewVisa', REJECTION_NOTICE: 'viewNotice' };

const BADGE_COLOUR: Record<Outcome['status'], BadgeProps['color']> = {
  APPROVED: 'success',
  REJECTED: 'danger',
  EXPIRED: 'warning',
  CANCELLED: 'informative',
};

/**
 * An applicant's decided document of one kind (?applicantIdentifier=...), shown like the official document it is:
 * printable, with its digital seal, or why it cannot be shown.
 */
export function OutcomePage({ kind }: { kind: OutcomeKind }) {
  const { t } = useTranslation('outcomes');
  const styles = useOutcomeStyles();
  const [params] = useSearchParams();
  const applicantIdentifier = params.get('applicantIdentifier')?.trim() || undefined;
  const outcome = useOutcome(kind, applicantIdentifier);

  if (applicantIdentifier && outcome.data) return <OutcomeDocument outcome={outcome.data} />;

  let content: ReactNode;
  if (!applicantIdentifier) {
    content = <p className={styles.lead}>{t('document.noApplicant')}</p>;
  } else if (outcome.isPending) {
    content = <Spinner label={t('document.loading')} />;
  } else {
    const body = outcome.error instanceof ApiError ? outcome.error.errorBody : undefined;
    content =
      body?.code === OUTCOME_ERRORS.outcomeNotAvailable ? (
        <Notice>
          <p className={styles.strong}>{t('document.notAvailableTitle')}</p>
          <p className={styles.text}>{t('document.notAvailable')}</p>
        </Notice>
      ) : (
        <ProblemPanel message={body?.error ?? t('document.loadFailed')} />
      );
  }
  return (
    <PageWithLinkOn
      title={t(`${PAGE_KEY[kind]}.title`)}
      link={{ to: PATHS.applicationsList, label: t('document.myApplications') }}
    >
      {content}
    </PageWithLinkOn>
  );
}

/** The document itself: heading, status, the facts, its conditions or reasons, the seal and the actions. */
function OutcomeDocument({ outcome }: { outcome: Outcome }) {
  const { t, i18n } = useTranslation(['outcomes', 'common']);
  const styles = useOutcomeStyles();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const department = t('common:header.department');
  const notice = outcome.kind === 'REJECTION_NOTICE';
  const { holder } = outcome;
  const date = (value: string) => <bdi>{formatDate(value, language)}</bdi>;
  const rows: { key: string; term: string; value: ReactNode }[] = [
    { key: 'names', term: t('document.field.names'), value: <bdi>{`${holder.givenNames} ${holder.familyName}`}</bdi> },
    { key: 'dateOfBirth', term: t('document.field.dateOfBirth'), value: date(holder.dateOfBirth) },
    { key: 'nationality', term: t('document.field.nationality'), value: countryName(holder.nationality, language) },
    {
      key: 'passportIssuingCountry',
      term: t('document.field.passportIssuingCountry'),
      value: countryName(holder.passportIssuingCountry, language),
    },
    {
      key: 'passportNumber',
      term: t('document.field.passportNumber'),
      value: <LtrValue>{holder.passportNumber}</LtrValue>,
    },
    {
      key: 'documentNumber',
      term: t('document.field.documentNumber'),
      value: <LtrValue whole>{outcome.documentNumber}</LtrValue>,
    },
    {
      key: 'applicationReference',
      term: t('document.field.applicationReference'),
      value: <LtrValue whole>{outcome.applicationReference}</LtrValue>,
    },
    // A notice is dated by its decision (the row below); an ETA or visa by its issue and its validity.
    ...(notice ? [] : [{ key: 'issuedOn', term: t('document.field.issuedOn'), value: date(outcome.issuedOn) }]),
    {
      key: 'validFrom',
      term: notice ? t('document.field.decidedOn') : t('document.field.validFrom'),
      value: date(outcome.validFrom),
    },
  ];
  if (outcome.validUntil)
    rows.push({ key: 'validUntil', term: t('document.field.validUntil'), value: date(outcome.validUntil) });
  if (outcome.portOfEntry)
    rows.push({ key: 'portOfEntry', term: t('document.field.portOfEntry'), value: outcome.portOfEntry });

  return (
    <article className={styles.document} aria-labelledby="outcome-title">
      <div id="outcome-title">
        <PageHeading caption={t('document.issuedBy', { department })}>{t(`document.kind.${outcome.kind}`)}</PageHeading>
      </div>
      <div className={styles.status}>
        <span className={styles.strong}>{t('document.statusLabel')}</span>
        <Badge appearance="filled" size="large" color={BADGE_COLOUR[outcome.status]}>
          {t(`document.status.${outcome.status}`)}
        </Badge>
      </div>
      <h2 className={styles.h2}>{t('document.detailsHeading')}</h2>
      <dl className={styles.summaryList}>
        {rows.map((row) => (
          <div key={row.key} className={styles.summaryRow}>
            <dt className={styles.summaryTerm}>{row.term}</dt>
            <dd className={styles.summaryValue}>{row.value}</dd>
          </div>
        ))}
      </dl>
      {notice ? (
        <>
          <h2 className={styles.h2}>{t('document.reasonsHeading')}</h2>
          <CodedList items={outcome.reasons} />
          <h2 className={styles.h2}>{t('document.nextHeading')}</h2>
          <p className={styles.text}>{t('document.applyAgain')}</p>
          <p className={mergeClasses(styles.text, styles.printHidden)} data-print="hide">
            <Link className={styles.link} to={PATHS.createApplication}>
              {t('document.applyAgainLink')}
            </Link>
          </p>
          <p className={styles.text}>
            {/* The number is quoted: never broken at its hyphens on a phone. */}
            <TextWithLtrValues
              translate={(values) => t('document.review', { department, ...values })}
              values={{ documentNumber: outcome.documentNumber }}
            />
          </p>
          <h2 className={styles.h2}>{t('document.personalHeading')}</h2>
          <p className={styles.text}>{t('document.personal', { department })}</p>
          <p className={styles.text}>
            <TextWithLtrValues
              translate={(values) => t('document.personalContact', values)}
              values={{ reference: outcome.applicationReference }}
            />
          </p>
        </>
      ) : (
        <>
          <h2 className={styles.h2}>{t('document.conditionsHeading')}</h2>
          {outcome.conditions.length > 0 ? (
            <CodedList items={outcome.conditions} />
          ) : (
            <p className={styles.text}>{t('document.noConditions')}</p>
          )}
        </>
      )}
      <h2 className={styles.h2}>{t('document.sealHeading')}</h2>
      <div className={styles.seal}>
        <QrCode className={styles.qr} text={outcome.seal} label={t('document.sealImage')} sizing={SEAL_SIZING} />
        <div>
          <p className={styles.text}>{t('document.sealCaption', { department })}</p>
          <p className={mergeClasses(styles.text, styles.printHidden)} data-print="hide">
            <Link className={styles.link} to={PATHS.verifySeal}>
              {t('document.sealLink')}
            </Link>
          </p>
        </div>
      </div>
      <DocumentActions outcome={outcome} />
    </article>
  );
}

/** Conditions or reasons: each one's text, and what it means when the rules say more. */
function CodedList({ items }: { items: Outcome['conditions'] }) {
  const styles = useOutcomeStyles();
  return (
    <ul className={styles.items}>
      {items.map((item) => (
        <li key={item.code} className={styles.item}>
          {item.text}
          {/* The space keeps the two sentences apart when the text is copied; the detail shows on its own line. */}
          {item.detail && <span className={styles.detail}> {item.detail}</span>}
        </li>
      ))}
    </ul>
  );
}
