import type { FastifyPluginAsync } from 'fastify';
import {
  ERROR_CODES,
  STAFF_ERRORS,
  STAFF_PATHS,
  STAFF_ROLES_THAT,
  type StaffTexts,
  type StaffTextsQuery,
  type StaffTextsSaved,
  type StaffTextsRequest,
} from '../../shared/contract';
import { editTexts, TextEditError, textsSource } from '../configuration/text-drafts';
import { textCatalogue, textRows } from '../configuration/texts';
import { ApiError } from '../errors';
import type { StaffMember } from './accounts';
import { recordAction } from './audit';
import { staffOnly } from './staff-only';

const LANGUAGE = { type: 'string', pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{1,8})*$' } as const;
const NAMESPACE = { type: 'string', pattern: '^[a-z][a-z0-9-]{0,40}$' } as const;
const DRAFT = { type: 'string', pattern: '^[0-9a-f-]{36}$' } as const;

const textsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { language: LANGUAGE, namespace: NAMESPACE, draft: DRAFT },
} as const;

const textsBody = {
  type: 'object',
  required: ['language', 'namespace', 'texts'],
  additionalProperties: false,
  properties: {
    language: LANGUAGE,
    namespace: NAMESPACE,
    draft: DRAFT,
    texts: { type: 'object', maxProperties: 2000, additionalProperties: { type: 'string', maxLength: 5000 } },
  },
} as const;

/** The languages a member writes texts in: an editor every one, a translator theirs. */
function writable(member: StaffMember, languages: readonly string[]): string[] {
  if (member.roles.includes('editor')) return [...languages];
  return languages.filter((language) => member.languages.includes(language));
}

/** A refused change of texts, answered in the caller's language. */
const refused = (error: TextEditError) =>
  new ApiError(400, STAFF_ERRORS.changeRefused, `api:staff.refusals.${error.reason}`);

/**
 * The texts of the forms and pages, one language's namespace at a time, beside English (`/api/staff/texts`):
 * editors read and change every language, translators theirs. A change goes into the member's draft (a new one on
 * the live version the first time), never into the live version: publishing it is a publisher's.
 */
export const textRoutes: FastifyPluginAsync = async (app) => {
  const { configuration, staff } = app.repositories;
  const writers = staffOnly(STAFF_ROLES_THAT.writeTexts);

  /** The language and namespace asked for, checked against what the member may write and the files hold. */
  const chosen = (member: StaffMember, files: Parameters<typeof textCatalogue>[0], query: StaffTextsQuery) => {
    const catalogue = textCatalogue(files);
    const languages = writable(member, catalogue.languages);
    const language = query.language ?? languages.find((l) => l !== 'en') ?? languages[0];
    if (!language || !languages.includes(language)) {
      throw new ApiError(403, STAFF_ERRORS.roleRequired, 'api:staff.roleRequired');
    }
    const namespace = query.namespace ?? catalogue.namespaces[0];
    if (!catalogue.namespaces.includes(namespace)) throw new ApiError(404, ERROR_CODES.notFound, 'api:errors.notFound');
    return { languages, namespaces: catalogue.namespaces, language, namespace };
  };

  app.get<{ Querystring: StaffTextsQuery }>(
    STAFF_PATHS.texts,
    { schema: { querystring: textsQuery }, onRequest: writers },
    async (request): Promise<StaffTexts> => {
      const member = request.staffMember!;
      let source;
      try {
        source = await textsSource(configuration, request.query.draft, member.email);
      } catch (error) {
        if (error instanceof TextEditError) throw refused(error);
        throw error;
      }
      const picked = chosen(member, source.files, request.query);
      return {
        ...picked,
        ...(source.draftId ? { draft: source.draftId } : {}),
        rows: textRows(source.files, picked.language, picked.namespace),
      };
    },
  );

  app.put<{ Body: StaffTextsRequest }>(
    STAFF_PATHS.texts,
    { schema: { body: textsBody }, onRequest: writers },
    async (request): Promise<StaffTextsSaved> => {
      const member = request.staffMember!;
      const { language, namespace, draft, texts } = request.body;
      const now = new Date();
      try {
        const source = await textsSource(configuration, draft, member.email);
        chosen(member, source.files, { language, namespace });
        const saved = await editTexts(
          configuration,
          { draftId: draft, language, namespace, texts },
          { by: member.email, now },
        );
        const count = Object.keys(saved.changed).length;
        if (count > 0 && saved.draftId) {
          await recordAction(
            staff,
            { staffId: member.id, name: member.email },
            'configuration.texts-changed',
            `draft ${saved.draftId}`,
            { language, namespace, changed: saved.changed },
            now,
          );
        }
        return { ...(saved.draftId ? { draft: saved.draftId } : {}), changed: count };
      } catch (error) {
        if (error instanceof TextEditError) throw refused(error);
        throw error;
      }
    },
  );
};
