import { Button, Field, makeStyles, Select, tokens } from '@fluentui/react-components';
import { use, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listForms, loadForm, useAllRules } from '@/engine/form-loader';
import type { CompiledForm, FormAnswers } from '@/engine/form-types';
import { SchemaForm } from '@/engine/schema-form';
import { languageName } from '@/ui/language-name';
import { formMessageKeys } from '@/engine/validation/message-keys';
import languages from 'virtual:eta-languages';

/** The languages offered: those of locales/ (LOCALES_DIR; listed at build, src/server/languages.ts), by code. */
const LANGUAGES = [...languages].sort();

const useStyles = makeStyles({
  controls: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalXL,
  },
  table: { borderCollapse: 'collapse', width: '100%', marginTop: tokens.spacingVerticalM },
  cell: {
    textAlign: 'left',
    padding: tokens.spacingVerticalS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    verticalAlign: 'top',
  },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  output: {
    whiteSpace: 'pre-wrap',
    fontFamily: tokens.fontFamilyMonospace,
    background: tokens.colorNeutralBackground3,
    padding: tokens.spacingHorizontalM,
  },
});

/** Every message the form can show, with its key; once the rules loaded after the form showed have arrived. */
function FormMessages({ form }: { form: CompiledForm }) {
  const { t } = useTranslation(['forms', 'validation']);
  const styles = useStyles();
  if (!useAllRules(form)) return null;
  return (
    <section aria-labelledby="preview-messages">
      <h2 id="preview-messages">{t('preview.messagesTitle')}</h2>
      <table className={styles.table}>
        <thead>
          <tr>
            <th className={styles.cell}>{t('preview.message')}</th>
            <th className={styles.cell}>{t('preview.field')}</th>
          </tr>
        </thead>
        <tbody>
          {formMessageKeys(form).map((key) => (
            <tr key={key}>
              <td className={styles.cell}>{t(key, { limit: 'N', types: 'PDF', name: 'file.pdf' })}</td>
              <td className={`${styles.cell} ${styles.code}`}>{key}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * Form preview for editors and translators: any form by id with its example answers, in any language, and the
 * list of every validation message the form can produce.
 */
export default function FormPreviewPage() {
  const styles = useStyles();
  const { t, i18n } = useTranslation(['forms', 'validation']);
  const forms = listForms();
  // The page waits (suspends) for the form it opens with: it shows once, form and footer together, so nothing is
  // pushed down while it loads.
  const opening = forms[0] ? use(loadForm(forms[0])) : undefined;
  const [formId, setFormId] = useState(forms[0] ?? '');
  const [example, setExample] = useState('0');
  const [loaded, setLoaded] = useState<CompiledForm | undefined>(opening);
  const [showMessages, setShowMessages] = useState(false);
  const [submitted, setSubmitted] = useState<FormAnswers>();
  const form = loaded?.formId === formId ? loaded : undefined;

  useEffect(() => {
    let live = true;
    if (formId) void loadForm(formId).then((f) => live && setLoaded(f));
    return () => {
      live = false;
    };
  }, [formId]);

  const examples = form?.examples.valid ?? [];
  const data = example === 'empty' ? {} : (examples[Number(example)] ?? {});

  return (
    <div>
      <h1>{t('preview.title')}</h1>
      <p>{t('preview.intro')}</p>
      <div className={styles.controls}>
        <Field label={t('preview.form')}>
          <Select
            value={formId}
            onChange={(_e, d) => {
              setFormId(d.value);
              setExample('0');
              setSubmitted(undefined);
            }}
          >
            {forms.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('preview.language')}>
          <Select value={i18n.language} onChange={(_e, d) => void i18n.changeLanguage(d.value)}>
            {LANGUAGES.map((lng) => (
              <option key={lng} value={lng} lang={lng}>
                {languageName(lng)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('preview.example')}>
          <Select value={example} onChange={(_e, d) => setExample(d.value)}>
            {examples.map((_x, i) => (
              <option key={i} value={String(i)}>
                {t('preview.exampleN', { n: i + 1 })}
              </option>
            ))}
            <option value="empty">{t('preview.empty')}</option>
          </Select>
        </Field>
      </div>
      <p>
        <Button appearance="secondary" aria-expanded={showMessages} onClick={() => setShowMessages((v) => !v)}>
          {showMessages ? t('preview.hideMessages') : t('preview.showMessages')}
        </Button>
      </p>
      {showMessages && form && <FormMessages form={form} />}
      {form && (
        <SchemaForm
          key={`${formId}|${example}`}
          form={form}
          formData={data}
          onSubmit={(answers) => setSubmitted(answers)}
        />
      )}
      {submitted && (
        <section aria-live="polite">
          <p>{t('preview.submitted')}</p>
          <pre className={styles.output}>{JSON.stringify(submitted, null, 2)}</pre>
        </section>
      )}
    </div>
  );
}
