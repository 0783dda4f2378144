import {
  Button,
  makeStyles,
  mergeClasses,
  Menu,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  type MenuProps,
} from '@fluentui/react-components';
import { GlobeRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, languageName, languages } from '@/app/i18n';

const useStyles = makeStyles({
  trigger: { color: 'inherit', minWidth: 'auto' },
});

/** Menu listing every language in its own name; the choice is applied and remembered. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const styles = useStyles();
  const current = i18n.resolvedLanguage ?? currentLanguage();
  const currentName = languageName(current);

  const onCheckedValueChange: MenuProps['onCheckedValueChange'] = (_, data) => {
    const next = data.checkedItems[0];
    if (next && next !== current) void changeLanguage(next);
  };

  return (
    <Menu checkedValues={{ language: [current] }} onCheckedValueChange={onCheckedValueChange}>
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="transparent"
          icon={<GlobeRegular />}
          className={mergeClasses(styles.trigger, className)}
          aria-label={t('language.current', { language: currentName })}
        >
          {currentName}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList aria-label={t('language.label')}>
          {languages.map((lng) => (
            <MenuItemRadio key={lng} name="language" value={lng} lang={lng}>
              {languageName(lng)}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
