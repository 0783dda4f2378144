import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, GlobeRegular } from '@fluentui/react-icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, languageName, languages } from '@/app/i18n';

const useStyles = makeStyles({
  root: {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: 'inherit',
  },
  hiddenLabel: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
  icon: { fontSize: '18px', flexShrink: 0 },
  select: {
    appearance: 'none',
    minHeight: '32px',
    padding: `0 ${tokens.spacingHorizontalXL} 0 ${tokens.spacingHorizontalXS}`,
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: 'transparent',
    color: 'inherit',
    fontFamily: 'inherit',
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    cursor: 'pointer',
    ':hover': { textDecorationLine: 'underline' },
    ':focus-visible': { outline: '3px solid #FFDD00', outlineOffset: '1px' },
    '& option': { color: tokens.colorNeutralForeground1, backgroundColor: tokens.colorNeutralBackground1 },
  },
  chevron: {
    position: 'absolute',
    right: tokens.spacingHorizontalXS,
    pointerEvents: 'none',
    fontSize: '14px',
  },
});

/**
 * Language choice as a native select (each option in its own language): light, keyboard- and
 * screen-reader-friendly, and the phone's own picker on mobile. The choice is applied and remembered.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const styles = useStyles();
  const id = useId();
  const current = i18n.resolvedLanguage ?? currentLanguage();

  return (
    <div className={mergeClasses(styles.root, className)}>
      <label htmlFor={id} className={styles.hiddenLabel}>
        {t('language.label')}
      </label>
      <GlobeRegular className={styles.icon} aria-hidden="true" />
      <select
        id={id}
        className={styles.select}
        value={current}
        onChange={(event) => void changeLanguage(event.target.value)}
      >
        {languages.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {languageName(lng)}
          </option>
        ))}
      </select>
      <ChevronDownRegular className={styles.chevron} aria-hidden="true" />
    </div>
  );
}
