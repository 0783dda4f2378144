// A content editor's change to the application form, made only in JSON: a new question on the Trip page
// (schema property, required, its message; UI schema entry on the trip page; texts in every language).
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeScratchDir, ROOT } from '../../tools/catalogue/checks';
import { languagesIn } from '../../src/server/languages';

const editJson = <T>(path: string, edit: (json: T) => void) => {
  const json = JSON.parse(readFileSync(path, 'utf8'));
  edit(json);
  writeFileSync(path, JSON.stringify(json, null, 2));
};

/** The question the editor adds, with its texts as an editor writes them. */
export const RETURN_TICKET = {
  field: 'returnTicket',
  en: {
    label: 'Do you have a return or onward ticket?',
    hint: 'A ticket out of South Africa booked for your departure date',
    required: 'Select yes if you have a return or onward ticket',
  },
  fr: {
    label: 'Avez-vous un billet de retour ou de continuation ?',
    hint: 'Un billet pour quitter l’Afrique du Sud, réservé pour votre date de départ',
    required: 'Sélectionnez oui si vous avez un billet de retour ou de continuation',
  },
  pt: {
    label: 'Tem bilhete de regresso ou de continuação?',
    hint: 'Um bilhete para sair da África do Sul, reservado para a data de partida',
    required: 'Selecione sim se tem bilhete de regresso ou de continuação',
  },
  zh: {
    label: '您是否有返程或续程机票？',
    hint: '按您的离境日期预订的离开南非的机票',
    required: '如果您有返程或续程机票，请选择“是”',
  },
  ar: {
    label: 'هل لديك تذكرة عودة أو تذكرة سفر إلى وجهة تالية؟',
    hint: 'تذكرة لمغادرة جنوب أفريقيا محجوزة لتاريخ مغادرتك',
    required: 'اختر «نعم» إذا كانت لديك تذكرة عودة أو تذكرة سفر إلى وجهة تالية',
  },
} as const;

type TextLanguage = Exclude<keyof typeof RETURN_TICKET, 'field'>;

/** The question's texts in a language of locales/: an editor writes them for every language the portal ships. */
function ticketTexts(lng: string) {
  if (!(lng in RETURN_TICKET) || lng === 'field')
    throw new Error(`The return-ticket fixture has no texts in ${lng}: add them`);
  return RETURN_TICKET[lng as TextLanguage];
}

interface FormSchema {
  properties: Record<string, unknown>;
  required: string[];
  errorMessage: { required: Record<string, string> };
}

/** Copies schemas/ and locales/ to a temporary folder and adds the return-ticket question to the Trip page. */
export function makeTripQuestionCopy(): string {
  const dir = makeScratchDir('editor-change-');
  cpSync(join(ROOT, 'schemas'), join(dir, 'schemas'), { recursive: true });
  cpSync(join(ROOT, 'locales'), join(dir, 'locales'), { recursive: true });
  editJson<FormSchema>(join(dir, 'schemas/application-form.schema.json'), (s) => {
    s.properties.returnTicket = { $ref: 'definitions#/definitions/yesNo' };
    s.required.push('returnTicket');
    s.errorMessage.required.returnTicket = 'applications:validation.returnTicketRequired';
  });
  editJson<{ 'ui:pages': { id: string; fields: string[] }[] } & Record<string, unknown>>(
    join(dir, 'schemas/application-form.ui.json'),
    (u) => {
      u['ui:pages'].find((p) => p.id === 'trip')?.fields.push('returnTicket');
      u.returnTicket = {
        'ui:title': 'forms:applicationForm.returnTicket.label',
        'ui:help': 'forms:applicationForm.returnTicket.hint',
        'ui:widget': 'yesNo',
      };
    },
  );
  // The examples are checked against the schema by the catalogue: valid answers now include the question.
  editJson<{ valid: Record<string, unknown>[] }>(join(dir, 'schemas/application-form.examples.json'), (e) => {
    for (const example of e.valid) example.returnTicket = true;
  });
  for (const lng of languagesIn(join(dir, 'locales'))) {
    const texts = ticketTexts(lng);
    editJson<{ applicationForm: Record<string, unknown> }>(join(dir, `locales/${lng}/forms.json`), (f) => {
      f.applicationForm.returnTicket = { label: texts.label, hint: texts.hint };
    });
    editJson<{ validation: Record<string, string> }>(join(dir, `locales/${lng}/applications.json`), (a) => {
      a.validation.returnTicketRequired = texts.required;
    });
  }
  return dir;
}

/** The copy's texts of one namespace in one language. */
export function copiedTexts(dir: string, lng: TextLanguage, namespace: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(dir, `locales/${lng}/${namespace}.json`), 'utf8'));
}

/** The copy's first valid example of the application form. */
export function copiedFormExample(dir: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(dir, 'schemas/application-form.examples.json'), 'utf8')).valid[0];
}
