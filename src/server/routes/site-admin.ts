import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { accessFlagNames } from '@schemas/entities/access-flags.schema';
import {
  accessMatrixSchema,
  auditActorSchema,
  auditEntrySchema,
  auditQuerySchema,
  roleFlagsBodySchema,
  roleParamsSchema,
  roleSchema,
  type AuditQuery,
} from '@schemas/entities/site-admin.schema';
import { currentUserSchema } from '@schemas/entities/user.schema';
import {
  arrayEnvelope,
  envelope,
  HttpError,
  idParams,
  listEnvelope,
  ok,
  paged,
  type FieldMessage,
} from '@engine/server';
import { ANONYMOUS_ROLE, AUTHENTICATED_ROLE, computeFlags } from '../lib/access';
import { audit, changes } from '../lib/audit';
import { csvResponse, sendCsv } from '../lib/csv-export';
import { auditExportQuerySchema, exportDeclarations } from '@schemas/exports/exports';
import { errorResponses, needFlags, needSignedIn } from '../lib/guards';
import { INVALID_FIELDS, NOT_FOUND } from '../lib/messages';
import {
  assertAnAdministratorLeft,
  currentUserOf,
  MASQUERADE_FLAG,
  mayActAs,
} from '../lib/site-admin';

const uidParamsSchema = idParams('uid');

/** The role that always keeps `site_manage`. */
export const ADMINISTRATOR_ROLE = 'administrator';

/** Texts of the site-administration answers. */
export const siteAdminMessages = {
  unknownFlag: 'Unknown access flag',
  visitorsCannotManage: 'Visitors cannot be given this flag',
  administratorKeepsSiteManage:
    'The administrator role must keep site_manage, otherwise the site would have no administrator.',
  masqueradeAdministrator: 'You cannot act as another administrator.',
  masqueradeSelf: 'You are already signed in as this user.',
  notMasquerading: 'You are not acting as another user.',
  toBeforeFrom: 'Must not be before the start',
};

/** Roles, the access matrix, the audit log and masquerading (administrators). */
export const siteAdminRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const manage = () => needFlags('site_manage');

  /* ------------------------------------------------------------------ roles and access */

  app.get(
    '/roles',
    {
      preHandler: manage(),
      schema: {
        tags: ['users'],
        summary:
          'Every role by weight with its label and flags; anonymous and authenticated are not assignable',
        response: { 200: arrayEnvelope(roleSchema), ...errorResponses },
      },
    },
    async () =>
      ok(
        (await app.repos.roles.list()).map((r) => ({
          ...r,
          assignable: r.name !== ANONYMOUS_ROLE && r.name !== AUTHENTICATED_ROLE,
        })),
      ),
  );

  app.get(
    '/admin/access',
    {
      preHandler: manage(),
      schema: {
        tags: ['admin'],
        summary: 'The access matrix: every role with the flags it grants, and every flag',
        response: { 200: envelope(accessMatrixSchema), ...errorResponses },
      },
    },
    async () =>
      ok({
        roles: (await app.repos.roles.list()).map(({ name, label, flags }) => ({
          name,
          label,
          flags,
        })),
        flags: [...accessFlagNames],
      }),
  );

  app.put(
    '/admin/access/:role',
    {
      preHandler: manage(),
      schema: {
        tags: ['admin'],
        summary:
          "Replace the flags a role grants; applies from every user's next request. 409 when the administrator role would lose site_manage",
        params: roleParamsSchema,
        body: roleFlagsBodySchema,
        response: { 200: envelope(roleSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { role } = request.params;
      const flags = request.body.flags;
      const known = new Set<string>(accessFlagNames);
      const problems: FieldMessage[] = [];
      flags.forEach((flag, i) => {
        if (!known.has(flag))
          problems.push({ path: `flags[${i}]`, text: siteAdminMessages.unknownFlag });
        else if (flag === 'site_manage' && role === ANONYMOUS_ROLE)
          problems.push({ path: `flags[${i}]`, text: siteAdminMessages.visitorsCannotManage });
      });
      if (problems.length) throw new HttpError(400, INVALID_FIELDS, problems);
      if (role === ADMINISTRATOR_ROLE && !flags.includes('site_manage'))
        throw new HttpError(409, siteAdminMessages.administratorKeepsSiteManage);
      const saved = await app.repos.transaction(async (repos) => {
        await repos.roles.lock(role);
        const before = await repos.roles.get(role);
        if (!before) throw new HttpError(404, NOT_FOUND);
        await repos.roles.setFlags(role, flags);
        await assertAnAdministratorLeft(repos);
        const after = (await repos.roles.get(role))!;
        const details = changes({ flags: before.flags }, { flags: after.flags });
        if (Object.keys(details).length)
          await audit(repos, request, 'role.flags', `role:${role}`, details);
        return after;
      });
      return ok({
        ...saved,
        assignable: role !== ANONYMOUS_ROLE && role !== AUTHENTICATED_ROLE,
      });
    },
  );

  /* ------------------------------------------------------------------ audit log */

  app.get(
    '/admin/audit',
    {
      preHandler: manage(),
      schema: {
        tags: ['admin'],
        summary:
          'The audit log of administrative changes, newest first, 25 a page; filter by actor uid, action (an area such as `incentives`, or a prefix within one such as `incentives.product`) and UTC dates (both included); on by the cursors meta.next and meta.prev',
        querystring: auditQuerySchema,
        response: { 200: listEnvelope(auditEntrySchema), ...errorResponses },
      },
    },
    async (request) => {
      const { page = 0, limit = 25, from, to } = request.query;
      if (from && to && to < from)
        throw new HttpError(400, INVALID_FIELDS, [
          { path: 'to', text: siteAdminMessages.toBeforeFrom },
        ]);
      const { rows, meta } = await app.repos.audit.list({ ...request.query, page, limit });
      return paged(rows, meta);
    },
  );

  app.post(
    `/${exportDeclarations.audit.path}`,
    {
      preHandler: manage(),
      schema: {
        tags: ['admin'],
        summary:
          'The audit log entries the filters match (as the log takes them), newest first, as a CSV file (UTF-8 with a byte-order mark) streamed from the database; the export is itself recorded',
        body: auditExportQuerySchema,
        response: { 200: csvResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const query = request.body as AuditQuery;
      if (query.from && query.to && query.to < query.from)
        throw new HttpError(400, INVALID_FIELDS, [
          { path: 'to', text: siteAdminMessages.toBeforeFrom },
        ]);
      return sendCsv(
        app,
        request,
        reply,
        exportDeclarations.audit,
        'audit.export',
        app.repos.audit.all(query),
      );
    },
  );

  app.get(
    '/admin/audit/actors',
    {
      preHandler: manage(),
      schema: {
        tags: ['admin'],
        summary:
          'Everyone who has made a recorded change, by name: the choices of the actor filter',
        response: { 200: arrayEnvelope(auditActorSchema), ...errorResponses },
      },
    },
    async () => ok(await app.repos.audit.actors()),
  );

  /* ------------------------------------------------------------------ masquerade */

  app.post(
    '/admin/masquerade/stop',
    {
      preHandler: needSignedIn(),
      schema: {
        tags: ['admin'],
        summary:
          'Stop acting as another user: the session is the administrator’s again (409 when not masquerading)',
        response: { 200: envelope(currentUserSchema), ...errorResponses },
      },
    },
    async (request) => {
      const token = request.sessionToken;
      if (request.realUid === undefined || !token)
        throw new HttpError(409, siteAdminMessages.notMasquerading);
      const acting = request.access.uid;
      const real = await app.repos.transaction(async (repos) => {
        const uid = await repos.sessions.unmasquerade(token);
        if (uid === undefined) throw new HttpError(409, siteAdminMessages.notMasquerading);
        await audit(repos, request, 'masquerade.stop', `user:${acting}`);
        return uid;
      });
      return ok((await app.repos.users.current(real))!);
    },
  );

  app.post(
    '/admin/masquerade/:uid',
    {
      preHandler: needFlags(MASQUERADE_FLAG),
      schema: {
        tags: ['admin'],
        summary:
          'Act as another user: the session now has their access (and `real_user` in GET me) until POST admin/masquerade/stop, or until the administrator loses the right to it. Every unsafe request meanwhile is recorded in the audit log. 403 for a user who administers the site, 404 for an unknown or blocked user',
        params: uidParamsSchema,
        response: { 200: envelope(currentUserSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { uid } = request.params;
      const admin = request.access.uid;
      const token = request.sessionToken;
      if (uid === admin) throw new HttpError(409, siteAdminMessages.masqueradeSelf);
      const target = await app.repos.users.item(uid);
      if (!target || target.blocked) throw new HttpError(404, NOT_FOUND);
      const [grants, site] = await Promise.all([
        app.repos.roles.grants([AUTHENTICATED_ROLE, ...target.roles]),
        app.repos.settings.get('site'),
      ]);
      if (!mayActAs(request.access.flags, computeFlags(grants, site)))
        throw new HttpError(403, siteAdminMessages.masqueradeAdministrator);
      await app.repos.transaction(async (repos) => {
        if (!token || !(await repos.sessions.masquerade(token, uid)))
          throw new HttpError(409, siteAdminMessages.masqueradeSelf);
        await audit(repos, request, 'masquerade.start', `user:${uid}`);
      });
      return ok((await currentUserOf(app.repos.users, uid, admin))!);
    },
  );
};
