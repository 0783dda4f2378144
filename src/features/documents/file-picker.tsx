import { mergeClasses } from '@fluentui/react-components';
import { forwardRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentStyles } from './styles';

export interface FilePickerProps {
  id: string;
  accept: string;
  describedBy: string;
  invalid: boolean;
  onChosen(event: ChangeEvent<HTMLInputElement>): void;
}

/**
 * A file input whose button and "no file chosen" are in the page's language (the browser's own are in the
 * browser's). The real input lies over our button, transparent: it keeps its label, is what the keyboard focuses
 * and what a click opens, and screen readers announce it as the file button it is; the button is drawn only.
 */
export const FilePicker = forwardRef<HTMLInputElement, FilePickerProps>(function FilePicker(props, ref) {
  const { id, accept, describedBy, invalid, onChosen } = props;
  const { t } = useTranslation('documents');
  const styles = useDocumentStyles();
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <div className={mergeClasses(styles.picker, invalid ? styles.pickerError : undefined)}>
      <span className={styles.pickerButton} aria-hidden="true">
        {t('page.upload.choose')}
      </span>
      <span className={styles.pickerName}>{chosen === null ? t('page.upload.noFile') : <bdi>{chosen}</bdi>}</span>
      <input
        ref={ref}
        id={id}
        type="file"
        className={styles.pickerInput}
        accept={accept}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => {
          setChosen(event.target.files?.[0]?.name ?? null);
          onChosen(event);
        }}
      />
    </div>
  );
});
