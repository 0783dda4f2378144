// What the translators' checks answer: one finding per problem, and a report per language.

export type FindingKind =
  'file' | 'missing' | 'extra' | 'placeholders' | 'plural' | 'empty' | 'untranslated' | 'hardcoded';

/** One problem, with a plain-English sentence naming the file, the key and what to do. */
export interface LocaleFinding {
  lng: string;
  kind: FindingKind;
  file: string;
  key?: string;
  message: string;
}

/** A language's texts: namespace -> flat key ("a.b.0.c") -> text. */
export type Catalogue = Map<string, Map<string, string>>;

export interface LanguageReport {
  lng: string;
  /** English entries (a plural group counts once). */
  total: number;
  /** Entries present, complete and translated. */
  done: number;
  findings: LocaleFinding[];
}
