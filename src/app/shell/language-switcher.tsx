import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, GlobeRegular } from '@fluentui/react-icons';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchProfile, saveProfileLanguage } from '@/api/profile-session';
import { useLoggedIn } from '@/api/auth/tokens';
import { changeLanguage, currentLanguage, languages, offeredLanguages } from '@/app/i18n';
import { languageName } from '@/ui/language-name';

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
    // Griffel writes this as `left` in a right-to-left page.
    right: tokens.spacingHorizontalXS,
    pointerEvents: 'none',
    fontSize: '14px',
  },
});

/**
 * Signed in, the profile's saved language is the user's language: it is applied once per sign-in when the
 * profile arrives (so another device's choice follows the user), and `choose` saves a new choice in the profile.
 */
function useProfileLanguage(): { choose(lng: string): void } {
  const loggedIn = useLoggedIn();
  const saved = useRef<string | null>(null);

  useEffect(() => {
    saved.current = null;
    if (!loggedIn) return undefined;
    const controller = new AbortController();
    fetchProfile(controller.signal).then(
      (profile) => {
        saved.current = profile.language;
        if (profile.language !== currentLanguage() && languages.includes(profile.language))
          void changeLanguage(profile.language);
      },
      // Without the profile the device's own choice stays; the profile page reports its own errors.
      () => undefined,
    );
    return () => controller.abort();
  }, [loggedIn]);

  return {
    choose(lng: string) {
      // Saved first: the calls the new language brings (texts of the API in it) wait for the save, since the
      // API answers in the profile's language. The pseudo-locale is for development only: the API has none.
      if (loggedIn && languages.includes(lng) && lng !== saved.current) {
        saved.current = lng;
        saveProfileLanguage(lng).catch(() => {
          // Not saved: the next sign-in brings back the saved language, and the user can choose again.
          saved.current = null;
        });
      }
      void changeLanguage(lng);
    },
  };
}

/**
 * Language choice as a native select (each option in its own language): light, keyboard- and
 * screen-reader-friendly, and the phone's own picker on mobile. The choice is applied and remembered, and
 * saved in the profile when signed in.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const styles = useStyles();
  const id = useId();
  const current = i18n.resolvedLanguage ?? currentLanguage();
  const { choose } = useProfileLanguage();

  return (
    <div className={mergeClasses(styles.root, className)}>
      <label htmlFor={id} className={styles.hiddenLabel}>
        {t('language.label')}
      </label>
      <GlobeRegular className={styles.icon} aria-hidden="true" />
      <select id={id} className={styles.select} value={current} onChange={(event) => choose(event.target.value)}>
        {offeredLanguages().map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {languageName(lng)}
          </option>
        ))}
      </select>
      <ChevronDownRegular className={styles.chevron} aria-hidden="true" />
    </div>
  );
}
