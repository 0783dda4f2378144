import { Input } from '@fluentui/react-components';
import type { FieldProps } from '@rjsf/utils';
import { errorId } from '@rjsf/utils';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerRender } from '@/ui/server-render';
import { countryOptions, type CountryOption } from '../countries';
import { useEngineStyles } from '../styles';
import { SearchCombobox } from '../widgets/search-combobox';
import { useTypedAnswer } from '../widgets/typed-answer';

type Mobile = { isoAlpha2Code?: string; mobileNumber?: string };

let phoneCountries: ((language: string, shown?: (listKey: string) => void) => CountryOption[]) | undefined;

/**
 * The countries with their dialling codes, made when the list is needed (see SearchCombobox). The codes come with
 * libphonenumber's metadata, loaded once the field is on screen (as the phone rule is, see rulesLoadedLater); until
 * then the list names the countries without them.
 */
function useCountriesWithCallingCodes(language: string): () => CountryOption[] {
  const [loaded, setLoaded] = useState(() => phoneCountries !== undefined);
  const server = useServerRender();
  useEffect(() => {
    if (loaded) return undefined;
    let live = true;
    import('../phone-countries').then(
      (m) => {
        phoneCountries = m.phoneCountryOptions;
        if (live) setLoaded(true);
      },
      // Without the metadata the list keeps naming the countries; the number is still checked by the API.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [loaded]);
  return useCallback(
    () =>
      loaded && phoneCountries
        ? phoneCountries(language, server?.countriesShown)
        : countryOptions(language, server?.countriesShown),
    [loaded, language, server],
  );
}

/** The label of one part of the number (country or number), and that part's error under it. */
function PartLabel({ id, label, error }: { id: string; label: string; error?: string }) {
  const styles = useEngineStyles();
  const { t } = useTranslation('forms');
  return (
    <>
      <label htmlFor={id} className={styles.hint}>
        {label}
      </label>
      {error && (
        <p id={errorId(id)} className={styles.error}>
          <span className={styles.visuallyHidden}>{t('engine.errorPrefix')} </span>
          {error}
        </p>
      )}
    </>
  );
}

/**
 * A mobile number as `{ isoAlpha2Code, mobileNumber }`: a searchable country list showing dialling codes, and
 * the number. Validity for the chosen country is the shared phoneNumber rule (same in the API).
 */
export function PhoneField(props: FieldProps<Mobile>) {
  const { fieldPathId, formData, onChange, onBlur, errorSchema, disabled, readonly, uiSchema } = props;
  const styles = useEngineStyles();
  const { t, i18n } = useTranslation('forms');
  const id = fieldPathId.$id;
  const countryId = `${id}_isoAlpha2Code`;
  const numberId = `${id}_mobileNumber`;
  // Posted as `<name>.isoAlpha2Code` and `<name>.mobileNumber` by a form sent without scripts (posted-answers.ts).
  const name = fieldPathId.name ?? id;
  const value: Mobile = formData ?? {};
  const countryError = errorSchema?.isoAlpha2Code?.__errors?.[0];
  const numberError = errorSchema?.mobileNumber?.__errors?.[0];
  const countries = useCountriesWithCallingCodes(i18n.language);
  const options = useCallback(
    () =>
      countries().map((c) => ({
        value: c.code,
        label: c.name,
        code: c.code,
        callingCode: c.callingCode,
      })),
    [countries],
  );
  const set = (patch: Mobile) => {
    const next = { ...value, ...patch };
    for (const k of Object.keys(next) as (keyof Mobile)[]) if (next[k] === undefined) delete next[k];
    onChange(Object.keys(next).length ? next : undefined, fieldPathId.path);
  };
  const number = useTypedAnswer(value.mobileNumber, (mobileNumber) => set({ mobileNumber }), {
    onLeave: (text) => onBlur(numberId, text),
  });
  const help = uiSchema?.['ui:help'] ? `${id}__help` : undefined;
  const describe = (error: string | undefined, ownErrorId: string) =>
    [help, error ? ownErrorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.row}>
      <div className={styles.column}>
        <PartLabel id={countryId} label={t('engine.phoneCountry')} error={countryError} />
        <SearchCombobox
          id={countryId}
          name={`${name}.isoAlpha2Code`}
          options={options}
          value={value.isoAlpha2Code}
          onChange={(code) => set({ isoAlpha2Code: code })}
          onBlur={() => onBlur(countryId, value.isoAlpha2Code)}
          disabled={disabled || readonly}
          autoComplete="tel-country-code"
          ariaProps={{
            'aria-describedby': describe(countryError, errorId(countryId)),
            'aria-invalid': countryError ? true : undefined,
          }}
        />
      </div>
      <div className={styles.column}>
        <PartLabel id={numberId} label={t('engine.phoneNumber')} error={numberError} />
        <Input
          id={numberId}
          name={`${name}.mobileNumber`}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          className={styles.input}
          {...number.inputProps}
          disabled={disabled}
          readOnly={readonly}
          aria-describedby={describe(numberError, errorId(numberId))}
          aria-invalid={numberError ? true : undefined}
        />
      </div>
    </div>
  );
}
