import { formatAnswer } from '../../shared/forms/format-answer';
import type { JsonSchema } from '../../shared/validation/schema-walk';
import { directionOf, FALLBACK_LANGUAGE } from '../../shared/languages';
import { translate } from '../i18n';
import { escapeHtml, type MailMessage } from '../mail/public';
import type { PublicFormModel } from './public-forms';
import type { FormSubmissionsTable } from './tables';

/** One answer as the e-mail lists it. */
export interface AnswerLine {
  label: string;
  value: string;
}

/** Widgets whose answers are never repeated in an e-mail. */
const NOT_SHOWN = new Set(['password', 'hidden']);

/**
 * The answers of a submission as a person reads them, in the form's page and field order: only the questions that
 * were asked, each with its label and its answer formatted as on the page's check answers.
 */
export function answerLines(form: PublicFormModel, answers: Record<string, unknown>, language: string): AnswerLine[] {
  const t = (key: string, options?: Record<string, unknown>) => translate(language, key, options);
  let names: Intl.DisplayNames | undefined;
  const countryName = (code: string) => {
    names ??= new Intl.DisplayNames([language, FALLBACK_LANGUAGE], { type: 'region', fallback: 'code' });
    return names.of(code) ?? code;
  };
  const props = (form.resolveSchema(form.schema).properties ?? {}) as Record<string, JsonSchema>;
  const lines: AnswerLine[] = [];
  for (const page of form.flow.pages) {
    if (!form.flow.pageApplies(page, answers)) continue;
    for (const field of form.flow.fieldsShown(page, answers)) {
      const ui = form.uiSchema[field] ?? {};
      if (!props[field] || NOT_SHOWN.has(String(ui['ui:widget']))) continue;
      lines.push({
        label: t(String(ui['ui:title'] ?? field)),
        value: formatAnswer(answers[field], props[field], ui, {
          t,
          language,
          resolveSchema: form.resolveSchema,
          countryName,
        }),
      });
    }
  }
  return lines;
}

/** The e-mail that carries a submission to the forms' mailbox (in the service's default language). */
export function submissionMail(form: PublicFormModel, row: FormSubmissionsTable, to: string): MailMessage {
  const language = FALLBACK_LANGUAGE;
  const t = (key: string, vars?: Record<string, unknown>) => translate(language, `emails:${key}`, vars);
  const formName = form.titleKey ? translate(language, form.titleKey) : form.formId;
  const date = row.created_at.slice(0, 16).replace('T', ' ');
  let senderLanguage = row.language;
  try {
    senderLanguage = new Intl.DisplayNames([language], { type: 'language' }).of(row.language) ?? row.language;
  } catch {
    // A tag Intl does not know is shown as it is.
  }
  const subject = t('formSubmission.subject', { form: formName, reference: row.reference });
  const paragraphs = [
    t('formSubmission.intro', { form: formName, date, reference: row.reference }),
    t('formSubmission.language', { language: senderLanguage }),
  ];
  const lines = answerLines(form, JSON.parse(row.answers) as Record<string, unknown>, language);
  const footer = t('formSubmission.kept');
  const text = [...paragraphs, lines.map((l) => `${l.label}\n${l.value}`).join('\n\n'), `--\n${footer}`].join('\n\n');
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(language)}" dir="${directionOf(language)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,sans-serif;color:#1b1b1b;line-height:1.5;max-width:720px;margin:0 auto;padding:16px">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    '<dl>',
    ...lines.map(
      (l) =>
        `<dt style="font-weight:bold;margin-top:12px">${escapeHtml(l.label)}</dt>` +
        `<dd style="margin:0;white-space:pre-wrap">${escapeHtml(l.value)}</dd>`,
    ),
    '</dl>',
    `<hr><p style="font-size:0.85em;color:#505050">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text: `${text}\n`, html };
}
