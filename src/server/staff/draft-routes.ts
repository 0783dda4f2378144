import type { FastifyPluginAsync } from 'fastify';
import {
  ERROR_CODES,
  STAFF_ERRORS,
  STAFF_PATHS,
  STAFF_ROLES_THAT,
  type StaffDraftChange,
  type StaffDraftDetail,
} from '../../shared/contract';
import { diffConfigurations, type ConfigChange } from '../configuration/diff';
import { discardDraft, filesOf } from '../configuration/versions';
import { ApiError } from '../errors';
import type { StaffMember } from './accounts';
import { recordAction } from './audit';
import { staffOnly } from './staff-only';

const ID = { type: 'string', pattern: '^[0-9a-f-]{36}$' } as const;

/** A value as the page shows it: its JSON, a text as it is. */
const valueText = (value: unknown) =>
  value === undefined ? undefined : typeof value === 'string' ? value : JSON.stringify(value, null, 1);

const changeOf = (change: ConfigChange): StaffDraftChange => {
  const before = valueText(change.before);
  const after = valueText(change.after);
  return {
    kind: change.kind,
    file: change.file,
    path: change.path,
    area: change.area,
    ...(change.area === 'form' ? { form: change.form, ...(change.field ? { field: change.field } : {}) } : {}),
    ...(change.area === 'text' ? { language: change.language, key: change.key } : {}),
    ...(before !== undefined ? { before } : {}),
    ...(after !== undefined ? { after } : {}),
  };
};

/** Who may discard a draft: the member who made it, a publisher or an administrator. */
const mayDiscard = (member: StaffMember, createdBy: string) =>
  member.email === createdBy || member.roles.includes('publisher') || member.roles.includes('administrator');

/**
 * A draft of the configuration and what it changes from the version it was made on, for those who change or publish
 * the forms and texts; and discarding one.
 */
export const draftRoutes: FastifyPluginAsync = async (app) => {
  const { configuration, staff } = app.repositories;
  const readers = staffOnly(STAFF_ROLES_THAT.readConfiguration);

  const openDraft = async (id: string) => {
    const draft = await configuration.draft(id);
    if (!draft || draft.published_as !== null || draft.discarded_at !== null) {
      throw new ApiError(404, ERROR_CODES.notFound, 'api:staff.refusals.no-draft');
    }
    return draft;
  };

  app.get<{ Querystring: { id: string } }>(
    STAFF_PATHS.draft,
    {
      schema: {
        querystring: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: ID } },
      },
      onRequest: readers,
    },
    async (request): Promise<StaffDraftDetail> => {
      const draft = await openDraft(request.query.id);
      const base = await configuration.version(draft.base_version);
      const changes = diffConfigurations(base ? filesOf(base) : {}, filesOf(draft));
      return {
        draft: {
          id: draft.id,
          baseVersion: draft.base_version,
          createdAt: draft.created_at,
          createdBy: draft.created_by,
          note: draft.note,
        },
        discardable: mayDiscard(request.staffMember!, draft.created_by),
        changes: changes.map(changeOf),
      };
    },
  );

  app.post<{ Body: { id: string } }>(
    STAFF_PATHS.draftDiscard,
    {
      schema: { body: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: ID } } },
      onRequest: readers,
    },
    async (request): Promise<{ discarded: true }> => {
      const member = request.staffMember!;
      const draft = await openDraft(request.body.id);
      if (!mayDiscard(member, draft.created_by)) {
        throw new ApiError(403, STAFF_ERRORS.roleRequired, 'api:staff.roleRequired');
      }
      const now = new Date();
      await discardDraft(configuration, draft.id, { by: member.email, now });
      await recordAction(
        staff,
        { staffId: member.id, name: member.email },
        'configuration.draft-discarded',
        `draft ${draft.id}`,
        {},
        now,
      );
      return { discarded: true };
    },
  );
};
