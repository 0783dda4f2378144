import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { fieldAria } from '../templates/field-aria';
import { useEngineStyles } from '../styles';
import { fileNameOf } from '@/shared/forms/format-answer';

/** Reads a file as a data URL carrying its name: `data:<type>;name=<name>;base64,<data>` (rjsf's convention). */
export function fileToDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error);
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.replace(/^data:([^;]*);/, `data:$1;name=${encodeURIComponent(file.name)};`));
    };
    reader.readAsDataURL(file);
  });
}

/** A file upload; `ui:options.accept` limits the types offered by the browser. */
export function FileWidget(props: WidgetProps) {
  const { id, htmlName, value, onChange, onBlur, disabled, readonly, rawErrors, uiSchema, options } = props;
  const styles = useEngineStyles();
  const { t } = useTranslation('forms');
  const name = fileNameOf(value);
  return (
    <div className={styles.column}>
      <input
        id={id}
        name={htmlName ?? id}
        type="file"
        accept={typeof options.accept === 'string' ? options.accept : undefined}
        disabled={disabled || readonly}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          onChange(file ? await fileToDataUrl(file) : undefined);
        }}
        onBlur={() => onBlur(id, value)}
        {...fieldAria(id, uiSchema, rawErrors)}
      />
      {name && <p className={styles.hint}>{t('engine.fileChosen', { name })}</p>}
    </div>
  );
}
