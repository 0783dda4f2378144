import { makeStyles, tokens } from '@fluentui/react-components';
import { ChevronDownRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { usePageStyles } from '@/ui/page-styles';

const useStyles = makeStyles({
  lead: {
    margin: `0 0 ${tokens.spacingVerticalXXL}`,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    color: tokens.colorNeutralForeground2,
  },
  item: {
    borderBottom: `1px solid ${tokens.colorNeutralStroke1}`,
    ':first-child': { borderTop: `1px solid ${tokens.colorNeutralStroke1}` },
    '&[open] > summary svg': { transform: 'rotate(180deg)' },
  },
  // The question is the details' summary: a native disclosure, which opens and closes without the page's scripts.
  summary: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    minHeight: '56px',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
    listStyleType: 'none',
    cursor: 'pointer',
    color: tokens.colorBrandForeground1,
    '::-webkit-details-marker': { display: 'none' },
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `3px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-3px' },
  },
  question: {
    flexGrow: 1,
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
    fontWeight: tokens.fontWeightSemibold,
    textAlign: 'start',
  },
  chevron: {
    flexShrink: 0,
    fontSize: '20px',
    transitionProperty: 'transform',
    transitionDuration: tokens.durationFaster,
    '@media (prefers-reduced-motion: reduce)': { transitionDuration: '0.01ms' },
  },
  answer: {
    margin: `0 0 ${tokens.spacingVerticalL}`,
    paddingInlineStart: tokens.spacingHorizontalXXL,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
  },
});

/** One question and its answer, as written in locales/<lng>/common.json under faq.items. */
export interface FaqItem {
  question: string;
  answer: string;
}

function isFaqItem(value: unknown): value is FaqItem {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as FaqItem).question === 'string' &&
    typeof (value as FaqItem).answer === 'string'
  );
}

/** Reads the FAQ list from a translation result, keeping only well-formed items. */
export function toFaqItems(value: unknown): FaqItem[] {
  return Array.isArray(value) ? value.filter(isFaqItem) : [];
}

/**
 * Frequently asked questions: every item in the locale file (editors add items there), each question a disclosure
 * (`<details>`) that opens its answer, several at once, with or without the page's scripts.
 */
export default function FaqPage() {
  const { t } = useTranslation('common');
  const page = usePageStyles();
  const styles = useStyles();
  const items = toFaqItems(t('faq.items', { returnObjects: true }));

  return (
    <div className={page.wide}>
      <h1 className={page.title}>{t('faq.title')}</h1>
      <p className={styles.lead}>{t('faq.lead')}</p>
      <div>
        {items.map((item) => (
          <details key={item.question} className={styles.item}>
            <summary className={styles.summary}>
              <h2 className={styles.question}>{item.question}</h2>
              <ChevronDownRegular className={styles.chevron} aria-hidden="true" />
            </summary>
            <p className={styles.answer}>{item.answer}</p>
          </details>
        ))}
      </div>
    </div>
  );
}
