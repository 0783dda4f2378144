import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, GlobeRegular } from '@fluentui/react-icons';
import { useEffect, useEffectEvent, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { fetchProfile, saveProfileLanguage } from '@/api/profile-session';
import { useLoggedIn } from '@/api/auth/tokens';
import { useSettings } from '@/api/settings';
import { changeLanguage, currentLanguage, languages, offeredLanguages } from '@/app/i18n';
import { pageData } from '@/app/page-data';
import { LANGUAGE_PARAM } from '@/shared/languages';
import { languageName } from '@/ui/language-name';

const useStyles = makeStyles({
  root: {
    position: 'relative',
    display: 'inline-flex',
    flexWrap: 'wrap',
    justifyContent: 'flex-end',
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
  // The select and its chevron, which is laid over the select's end.
  selectBox: { position: 'relative', display: 'inline-flex', alignItems: 'center', minWidth: 0 },
  apply: {
    marginInlineStart: tokens.spacingHorizontalS,
    minHeight: '28px',
    padding: `0 ${tokens.spacingHorizontalS}`,
    border: '1px solid #FFFFFF',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: 'transparent',
    color: 'inherit',
    fontFamily: 'inherit',
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    ':focus-visible': { outline: '3px solid #FFDD00', outlineOffset: '1px' },
  },
  chevron: {
    position: 'absolute',
    // Griffel writes this as `left` in a right-to-left page.
    right: tokens.spacingHorizontalXS,
    pointerEvents: 'none',
    fontSize: '14px',
  },
});

/** Whether the profile's language the server rendered the page in has been taken (once, by the first signed-in render). */
let serverProfileTaken = false;

/**
 * Signed in, the profile's saved language is the user's language: it is applied once per sign-in when the
 * profile arrives (so another device's choice follows the user), and `choose` saves a new choice in the profile.
 * A page the server rendered signed in is already in the profile's language, which the page's data names: the
 * profile is not asked for again then.
 */
function useProfileLanguage(): { choose(lng: string): void } {
  const loggedIn = useLoggedIn();
  const saved = useRef<string | null>(null);

  useEffect(() => {
    saved.current = null;
    if (!loggedIn) return undefined;
    const rendered = serverProfileTaken ? undefined : pageData()?.profileLanguage;
    serverProfileTaken = true;
    if (rendered) {
      saved.current = rendered;
      return undefined;
    }
    const controller = new AbortController();
    fetchProfile({ signal: controller.signal }).then(
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
 * saved in the profile when signed in. The select sits in a form that asks for the same page with `?lng=`: without
 * scripts its button (shown only then) sends it, and the server renders the page in the language chosen (which
 * this browser keeps; the profile's language changes only by a post); a choice made before the page's scripts ran is
 * applied when they do.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const styles = useStyles();
  const id = useId();
  const location = useLocation();
  const current = i18n.resolvedLanguage ?? currentLanguage();
  const { choose } = useProfileLanguage();
  const settings = useSettings();
  const select = useRef<HTMLSelectElement>(null);
  const kept = [...new URLSearchParams(location.search)].filter(([name]) => name !== LANGUAGE_PARAM);

  const takeEarlyChoice = useEffectEvent(() => {
    const chosenEarly = select.current?.value;
    if (chosenEarly && chosenEarly !== current) choose(chosenEarly);
  });
  // Once, as the page's scripts take the page over.
  useEffect(() => takeEarlyChoice(), []);

  return (
    <form method="get" action={location.pathname} className={mergeClasses(styles.root, className)}>
      {kept.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className={styles.hiddenLabel}>
        {t('language.label')}
      </label>
      <GlobeRegular className={styles.icon} aria-hidden="true" />
      <span className={styles.selectBox}>
        <select
          ref={select}
          id={id}
          name={LANGUAGE_PARAM}
          className={styles.select}
          value={current}
          onChange={(event) => choose(event.target.value)}
        >
          {offeredLanguages(settings).map((lng) => (
            <option key={lng} value={lng} lang={lng}>
              {languageName(lng)}
            </option>
          ))}
        </select>
        <ChevronDownRegular className={styles.chevron} aria-hidden="true" />
      </span>
      <noscript>
        <button type="submit" className={styles.apply}>
          {t('language.apply')}
        </button>
      </noscript>
    </form>
  );
}
