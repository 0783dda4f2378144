import { type ConfigFiles, sortedFiles } from './files';
import type { ConfigurationRepository } from './repository';
import { localeFile, textRows, withTexts } from './texts';
import { type ActedBy, createDraft, filesOf, liveVersion } from './versions';

/** Why a change of texts was refused: the staff's pages say it in the member's language by this. */
export type TextEditRefusal = 'no-draft' | 'not-your-draft' | 'unknown-text';

export class TextEditError extends Error {
  constructor(
    message: string,
    readonly reason: TextEditRefusal,
  ) {
    super(message);
  }
}

/** What changed of one text: before and after (undefined where it was, or is now, untranslated). */
export type TextChange = { before?: string; after?: string };

/**
 * The files texts are read from: a draft still open (its own member's, to be changed), else the live version.
 * `by` is who asks: only the member who made a draft changes it.
 */
export async function textsSource(
  repository: ConfigurationRepository,
  draftId: string | undefined,
  by?: string,
): Promise<{ files: ConfigFiles; draftId?: string }> {
  if (!draftId) return { files: filesOf(await liveVersion(repository)) };
  const draft = await repository.draft(draftId);
  if (!draft || draft.published_as !== null || draft.discarded_at !== null) {
    throw new TextEditError(`There is no open draft ${draftId}.`, 'no-draft');
  }
  if (by !== undefined && draft.created_by !== by) {
    throw new TextEditError(`Draft ${draftId} is ${draft.created_by}'s.`, 'not-your-draft');
  }
  return { files: filesOf(draft), draftId: draft.id };
}

/**
 * Changes texts of one language's namespace: in the member's open draft when named, else in a new draft on the live
 * version (nothing is made when nothing changed). Only texts of the namespace (English's keys, and the language's
 * plural forms) are written; an empty text makes it untranslated. Answers the draft and what changed.
 */
export async function editTexts(
  repository: ConfigurationRepository,
  input: { draftId?: string; language: string; namespace: string; texts: Readonly<Record<string, string>> },
  { by, now }: ActedBy,
): Promise<{ draftId?: string; changed: Record<string, TextChange> }> {
  const source = await textsSource(repository, input.draftId, by);
  const rows = new Map(textRows(source.files, input.language, input.namespace).map((row) => [row.key, row]));
  const changes: Record<string, string> = {};
  const changed: Record<string, TextChange> = {};
  for (const [key, raw] of Object.entries(input.texts)) {
    const row = rows.get(key);
    if (!row) throw new TextEditError(`"${key}" is no text of ${input.namespace}.`, 'unknown-text');
    const value = raw.replace(/\r\n?/g, '\n').trim();
    if (value === (row.text ?? '')) continue;
    changes[key] = value;
    changed[key] = { ...(row.text !== undefined ? { before: row.text } : {}), ...(value ? { after: value } : {}) };
  }
  if (Object.keys(changes).length === 0) return { draftId: source.draftId, changed };
  const path = localeFile(input.language, input.namespace);
  const files = { ...source.files, [path]: withTexts(source.files[path], changes) };
  if (source.draftId) {
    if (!(await repository.updateDraftFiles(source.draftId, JSON.stringify(sortedFiles(files)), now.toISOString()))) {
      throw new TextEditError(`Draft ${source.draftId} is no longer open.`, 'no-draft');
    }
    return { draftId: source.draftId, changed };
  }
  // The draft is named by the file it began with.
  const draft = await createDraft(repository, files, { by, now, note: path });
  return { draftId: draft.id, changed };
}
