import { Checkbox, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import builtLanguages from 'virtual:eta-languages';
import { STAFF_ROLE_NAMES } from '@/shared/contract';
import { languageName } from '@/ui/language-name';

const useStyles = makeStyles({
  fieldset: { border: 'none', margin: `0 0 ${tokens.spacingVerticalL}`, padding: 0 },
  legend: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400, padding: 0 },
  hint: { margin: `${tokens.spacingVerticalXS} 0`, color: tokens.colorNeutralForeground2 },
  error: {
    margin: `${tokens.spacingVerticalXS} 0`,
    color: tokens.colorPaletteRedForeground1,
    fontWeight: tokens.fontWeightSemibold,
  },
  choices: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalL },
});

interface ChoicesProps {
  /** Ids prefix, so that two forms on the page keep their controls apart. */
  idPrefix: string;
  roles: readonly string[];
  languages: readonly string[];
  errors: { roles?: string; languages?: string };
}

/** The roles of a member of staff, and a translator's languages, as checkboxes in two groups. */
export function RoleChoices({ idPrefix, roles, languages, errors }: ChoicesProps) {
  const { t } = useTranslation('staff');
  const styles = useStyles();
  const group = (
    name: 'roles' | 'languages',
    values: readonly string[],
    chosen: readonly string[],
    label: (v: string) => string,
  ) => (
    <fieldset
      className={styles.fieldset}
      aria-describedby={errors[name] ? `${idPrefix}-${name}-error` : `${idPrefix}-${name}-hint`}
      id={`${idPrefix}-${name}`}
    >
      <legend className={styles.legend}>{t(`accounts.${name}.legend`)}</legend>
      <p className={styles.hint} id={`${idPrefix}-${name}-hint`}>
        {t(`accounts.${name}.hint`)}
      </p>
      {errors[name] && (
        <p className={styles.error} id={`${idPrefix}-${name}-error`}>
          {errors[name]}
        </p>
      )}
      <div className={styles.choices}>
        {values.map((value) => (
          <Checkbox
            key={value}
            id={`${idPrefix}-${name}-${value}`}
            name={name}
            value={value}
            label={label(value)}
            defaultChecked={chosen.includes(value)}
          />
        ))}
      </div>
    </fieldset>
  );
  return (
    <>
      {group('roles', STAFF_ROLE_NAMES, roles, (role) => t(`roles.${role}`))}
      {group('languages', builtLanguages, languages, languageName)}
    </>
  );
}
