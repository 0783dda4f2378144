import { Combobox, Option, Select, type PositioningProps } from '@fluentui/react-components';
import { startTransition, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '@/ui/use-hydrated';
import { matchesSearch } from '../countries';
import { useEngineStyles } from '../styles';

export interface SearchOption {
  value: string;
  label: string;
  code?: string;
  callingCode?: string;
}

export interface SearchComboboxProps {
  id: string;
  /** The name the answer is posted under by a form sent before the page's scripts run (see posted-answers.ts). */
  name?: string;
  /**
   * The options, or a function that makes them, called only once they are needed: when the field has a value to
   * show, or when it takes focus (a long list, such as the countries named in the user's language, is slow to make).
   */
  options: readonly SearchOption[] | (() => readonly SearchOption[]);
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  onBlur?: () => void;
  disabled?: boolean;
  autoComplete?: string;
  ariaProps?: Record<string, unknown>;
  className?: string;
}

const NO_OPTIONS: readonly SearchOption[] = [];

/**
 * Fluent's own placement of the list (below, 2 px off, these fallbacks), given as objects made once: Fluent builds
 * them anew on each render, which makes it create its positioning again, measuring the page, on every keystroke.
 */
const POSITIONING: PositioningProps = {
  offset: { crossAxis: 0, mainAxis: 2 },
  fallbackPositions: ['above', 'after', 'after-top', 'before', 'before-top'],
};

/**
 * The list as the browser's own control, until the page's scripts have taken it over (rendered by the server, and
 * in the render that hydrates it): it chooses and posts without scripts. What was chosen in it before then is
 * handed to the form when the page is taken over (see typed-ahead.ts).
 */
function NativeChoice(props: SearchComboboxProps & { options: readonly SearchOption[] }) {
  const { id, name, options, value, onChange, disabled, autoComplete, ariaProps, className } = props;
  const styles = useEngineStyles();
  const { t } = useTranslation('forms');
  return (
    <Select
      id={id}
      name={name ?? id}
      className={className ?? styles.input}
      select={{ className: styles.nativeSelect }}
      value={value ?? ''}
      disabled={disabled}
      autoComplete={autoComplete}
      onChange={(_e, data) => onChange(data.value || undefined)}
      {...ariaProps}
    >
      <option value="">{t('engine.choose')}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.callingCode ? `${o.label} (+${o.callingCode})` : o.label}
        </option>
      ))}
    </Select>
  );
}

/** A combobox whose list narrows as the user types (names, codes, dialling codes); for long lists. */
export function SearchCombobox(props: SearchComboboxProps) {
  if (!useHydrated()) {
    const options = typeof props.options === 'function' ? props.options() : props.options;
    return <NativeChoice {...props} options={options} />;
  }
  return <ScriptedCombobox {...props} />;
}

function ScriptedCombobox(props: SearchComboboxProps) {
  const { id, options: given, value, onChange, onBlur, disabled, autoComplete, ariaProps, className } = props;
  const styles = useEngineStyles();
  const { t } = useTranslation('forms');
  // Once the field has had focus, its list stays made.
  const [hadFocus, setHadFocus] = useState(false);
  const needed = hadFocus || value !== undefined;
  const options = useMemo(() => (typeof given !== 'function' ? given : needed ? given() : NO_OPTIONS), [given, needed]);
  const selected = options.find((o) => o.value === value);
  const [query, setQuery] = useState<string | undefined>(undefined);
  const text = query ?? selected?.label ?? '';
  const shown = useMemo(
    () =>
      query === undefined
        ? options
        : options.filter((o) => matchesSearch({ name: o.label, code: o.code, callingCode: o.callingCode }, query)),
    [options, query],
  );
  const noMatch = t('engine.noMatch');
  // The same options keep the same elements: Fluent moves the highlight back to the first option (scrolling the list)
  // each time its children change, which would otherwise be on every keystroke.
  const shownKey = JSON.stringify(shown.map((o) => [o.value, o.label, o.callingCode ?? '']));
  const items = useMemo(() => {
    const listed = JSON.parse(shownKey) as [value: string, label: string, callingCode: string][];
    return listed.length === 0 ? (
      <Option disabled value="" text={noMatch}>
        {noMatch}
      </Option>
    ) : (
      listed.map(([optionValue, label, callingCode]) => (
        <Option key={optionValue} value={optionValue} text={label}>
          {callingCode ? `${label} (+${callingCode})` : label}
        </Option>
      ))
    );
  }, [shownKey, noMatch]);
  return (
    <Combobox
      id={id}
      className={className ?? styles.input}
      value={text}
      selectedOptions={value ? [value] : []}
      freeform={false}
      positioning={POSITIONING}
      disabled={disabled}
      autoComplete={autoComplete}
      onChange={(e) => setQuery(e.target.value)}
      onOptionSelect={(_e, data) => {
        if (data.optionValue === undefined) {
          // Fluent drops the choice once the typed text no longer matches it (or is empty): the text stays as typed,
          // and the form hears of it in a transition, after the keystroke has painted.
          startTransition(() => onChange(undefined));
          return;
        }
        setQuery(undefined);
        onChange(data.optionValue || undefined);
      }}
      onFocus={() => setHadFocus(true)}
      onBlur={() => {
        setQuery(undefined);
        onBlur?.();
      }}
      {...ariaProps}
    >
      {items}
    </Combobox>
  );
}
