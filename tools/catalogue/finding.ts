/** What every check of the catalogue reads and answers. */

export interface CatalogueDirs {
  schemas: string;
  locales: string;
  /** The engine's registry source, read as text for widget and field names. */
  engineRegistry: string;
  /** The routing page registry source, read as text for page names (may not exist yet). */
  pageRegistry: string;
  manifest: string;
  /** The portal's source folder, read for the text keys its code uses (the repository's src/ when not given). */
  code?: string;
}

/** One finding: the file it is about and a plain-English sentence saying what is wrong and how to fix it. */
export interface Finding {
  file: string;
  message: string;
  /** Warnings are printed but do not fail the check. */
  warning?: boolean;
}
