import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  root: { maxWidth: '48em' },
  title: {
    margin: `0 0 ${tokens.spacingVerticalL}`,
    fontSize: tokens.fontSizeHero800,
    lineHeight: tokens.lineHeightHero800,
    fontWeight: tokens.fontWeightSemibold,
  },
  lead: {
    margin: `0 0 ${tokens.spacingVerticalXXL}`,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    color: tokens.colorNeutralForeground2,
  },
  item: {
    borderBottom: `1px solid ${tokens.colorNeutralStroke1}`,
    ':first-child': { borderTop: `1px solid ${tokens.colorNeutralStroke1}` },
  },
  header: {
    '& button': {
      minHeight: '56px',
      paddingTop: tokens.spacingVerticalM,
      paddingBottom: tokens.spacingVerticalM,
      fontSize: tokens.fontSizeBase400,
      lineHeight: tokens.lineHeightBase400,
      fontWeight: tokens.fontWeightSemibold,
      color: tokens.colorBrandForeground1,
      textAlign: 'start',
    },
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

/** Frequently asked questions: an accordion of every item in the locale file (editors add items there). */
export default function FaqPage() {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const items = toFaqItems(t('faq.items', { returnObjects: true }));

  return (
    <div className={styles.root}>
      <h1 className={styles.title}>{t('faq.title')}</h1>
      <p className={styles.lead}>{t('faq.lead')}</p>
      <Accordion multiple collapsible>
        {items.map((item, index) => (
          <AccordionItem key={item.question} value={index} className={styles.item}>
            <AccordionHeader as="h2" size="large" expandIconPosition="end" className={styles.header}>
              {item.question}
            </AccordionHeader>
            <AccordionPanel>
              <p className={styles.answer}>{item.answer}</p>
            </AccordionPanel>
          </AccordionItem>
        ))}
      </Accordion>
    </div>
  );
}
