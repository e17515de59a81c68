import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyRequest } from 'fastify';
import {
  storefrontCreateSchema,
  storefrontLayoutSchema,
  storefrontManageQuerySchema,
  restrictionTypes,
  storefrontPatchSchema,
  storefrontQuerySchema,
  storefrontSectionQuerySchema,
  storefrontSectionSchema,
  storefrontSettingsSchema,
  type StorefrontLayout,
  type StorefrontPatch,
  type StorefrontSection,
} from '@schemas/entities/storefront.schema';
import type { TrainingsContent } from '@schemas/storefront/trainings.section';
import {
  accessMessages,
  envelope,
  HttpError,
  ok,
  pageMeta,
  type FieldMessage,
  idParams,
} from '@engine/server';
import { audit, changes } from '../lib/audit';
import { errorResponses, needFlags } from '../lib/guards';
import { INVALID_FIELDS, NOT_FOUND } from '../lib/messages';
import {
  audienceKey,
  DEFAULT_LANGUAGE,
  keptAudienceOf,
  matchesRestrictions,
  type Audience,
} from '../lib/storefront-audience';
import { sendKept, type WatchedTable } from '../lib/table-cache';
import { viewerOf } from '../lib/viewer';
import type { LayoutRow, StorefrontAudience } from '../repositories/storefront';
import type { Viewer } from '../repositories/trainings';

const idParamsSchema = idParams('id');

/**
 * Every table a visitor's storefront is made from. Not users nor their organizations: a visitor
 * is no user and belongs to no organization, so a sign-in or a profile change elsewhere keeps
 * the storefront every visitor is sent.
 */
const STOREFRONT_TABLES: readonly WatchedTable[] = [
  'settings',
  'storefront_layouts',
  'storefront_sections',
  'trainings',
  'training_terms',
  'training_organizations',
  'training_videos',
  'taxonomy_terms',
  'vocabularies',
  'organizations',
];
/** A layout as the editor edits it: a saved one, or a draft (`id` null) nobody saved yet. */
type EditedLayout = Omit<LayoutRow, 'id'> & { id: number | null };

/** Trainings per page of a storefront section page. */
const SECTION_PAGE_SIZE = 24;
/**
 * Sections per page of a storefront: a layout of hundreds is sent a page at a time, the next as
 * the reader scrolls to it.
 */
const SECTIONS_PAGE_SIZE = 12;

/** What the audit log keeps of a layout's sections: their ids and types, in order. */
function sectionSummary(sections: readonly StorefrontSection[]): { id: number; type: string }[] {
  return sections.map((s) => ({ id: s.id, type: s.type }));
}

/** The storefront: the public layouts, one section's page, and their management. */
export const storefrontRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const { storefront } = app.repos;
  const types = app.sectionTypes;

  /** The storefront page is a feature: without its flag it does not exist (SPEC point 2). */
  function needStorefrontPage(request: FastifyRequest): void {
    if (request.access.flags.storefront_page !== true) throw new HttpError(404, NOT_FOUND);
  }

  async function siteLanguage(): Promise<string> {
    const regional = await app.cache.get('settings:regional', ['settings'], () =>
      app.repos.settings.get('regional'),
    );
    return regional.default_language || DEFAULT_LANGUAGE;
  }

  /** The caller as restrictions see them: a visitor has only the language they browse in. */
  async function callerAudience(
    request: FastifyRequest,
    language: string | undefined,
  ): Promise<{ audience: Audience; language: string }> {
    if (!request.access.signedIn) {
      const lang = language ?? (await siteLanguage());
      return { audience: { language: [lang] }, language: lang };
    }
    const { site, audience } = await keptAudienceOf(app, request.access.uid);
    return { audience, language: language ?? audience.language?.[0] ?? site };
  }

  /**
   * Sections as served: the HTML fields their types declare sanitized (again), and for each
   * whose type lists trainings, a page of the viewer's trainings its content asks for, all
   * fetched at once. Without `page`, each section's first `size` trainings; with it, that page
   * of 24. `subscriptions: false` leaves the viewer's subscriptions out, for an answer kept for
   * everyone with the viewer's audience.
   */
  async function servedSections(
    sections: readonly StorefrontSection[],
    viewer: Viewer,
    { page, subscriptions }: { page?: number; subscriptions?: boolean } = {},
  ): Promise<StorefrontSection[]> {
    const clean = sections.map((section) => types.sanitized(section));
    const listing = clean.flatMap((section, i) =>
      types.listing(section.type) === 'trainings' ? [i] : [],
    );
    const results = await storefront.sectionTrainings(
      viewer,
      listing.map((i) => {
        const content = clean[i]!.data.content as TrainingsContent;
        return page === undefined
          ? { content, offset: 0, limit: content.size ?? 8 }
          : { content, offset: page * SECTION_PAGE_SIZE, limit: SECTION_PAGE_SIZE };
      }),
      { subscriptions },
    );
    listing.forEach((i, n) => {
      const { rows, meta } = results[n]!;
      clean[i] = { ...clean[i]!, trainings: rows, trainings_meta: meta };
    });
    return clean;
  }

  /** The sections of a layout; a draft has none. */
  const sectionsOf = (layout: EditedLayout) =>
    layout.id === null ? Promise.resolve([]) : storefront.sections(layout.id);

  /**
   * A layout with only the sections the audience passes, each served: all of them for a
   * preview, or one page of {@link SECTIONS_PAGE_SIZE} (`sections_meta` says how many there are).
   */
  async function servedLayout(
    layout: EditedLayout,
    audience: Audience,
    viewer: Viewer,
    { page, subscriptions }: { page?: number; subscriptions?: boolean } = {},
  ): Promise<StorefrontLayout> {
    const passed = (await sectionsOf(layout)).filter((section) =>
      matchesRestrictions(section.data.restrictions, audience),
    );
    if (page === undefined)
      return { ...layout, sections: await servedSections(passed, viewer, { subscriptions }) };
    const start = page * SECTIONS_PAGE_SIZE;
    const shown = passed.slice(start, start + SECTIONS_PAGE_SIZE);
    return {
      ...layout,
      sections: await servedSections(shown, viewer, { subscriptions }),
      sections_meta: pageMeta(page, SECTIONS_PAGE_SIZE, passed.length),
    };
  }

  /** The editable layout: every section, and the target audience dialog. */
  async function managedLayout(layout: EditedLayout): Promise<StorefrontLayout> {
    const { countries } = await app.repos.settings.get('countries');
    return {
      ...layout,
      sections: await sectionsOf(layout),
      restrictions: await storefront.restrictionOptions(layout.audience, countries),
    };
  }

  app.get(
    '/storefront',
    {
      schema: {
        tags: ['storefront'],
        summary:
          "The caller's storefront: the enabled layout of their audience and language (falling back to English), with the sections their restrictions let them see",
        querystring: storefrontQuerySchema,
        response: { 200: envelope(storefrontLayoutSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      needStorefrontPage(request);
      const signedIn = request.access.signedIn;
      const kind: StorefrontAudience =
        request.query.audience ?? (signedIn ? 'registered' : 'unregistered');
      if (kind === 'registered' && !signedIn) throw new HttpError(401, accessMessages.unauthorized);
      const viewer = viewerOf(request);
      const page = request.query.page ?? 0;
      const answer = async (caller: { audience: Audience; language: string }) => {
        let layout = await storefront.find(kind, caller.language);
        if (!layout?.enabled) layout = await storefront.find(kind, DEFAULT_LANGUAGE);
        if (!layout?.enabled) throw new HttpError(404, NOT_FOUND);
        const served = await servedLayout(layout, caller.audience, viewer, {
          page,
          subscriptions: false,
        });
        const pages = served.sections_meta?.totalPages ?? 0;
        if (page > 0 && page >= pages)
          throw new HttpError(400, INVALID_FIELDS, [
            { path: 'page', text: `There is no page ${page + 1}: the storefront has ${pages}.` },
          ]);
        return ok(served);
      };
      if (!signedIn) {
        // Every visitor of a language sees the same storefront: it is kept, serialized.
        const language = request.query.language ?? (await siteLanguage());
        return sendKept(
          reply,
          app.cache,
          `storefront:${kind}:${language}:${viewer.manage}:${page}`,
          STOREFRONT_TABLES,
          () => answer({ audience: { language: [language] }, language }),
        );
      }
      // Everyone with the same audience, and the same trainings to see, is sent the same
      // storefront, kept; only their own subscriptions are read for each of them.
      const kept = await keptAudienceOf(app, request.access.uid);
      const language = request.query.language ?? (kind === 'registered' ? undefined : kept.site);
      const caller =
        kind === 'registered'
          ? {
              audience: kept.audience,
              language: language ?? kept.audience.language?.[0] ?? kept.site,
            }
          : { audience: { language: [language!] }, language: language! };
      const sees = viewer.manage ? 'all' : kept.organizations.join(',');
      const shared = await app.cache.get(
        `storefront:${kind}:${caller.language}:${page}:${sees}:${audienceKey(caller.audience)}`,
        STOREFRONT_TABLES,
        () => answer(caller),
      );
      return ok(await withSubscriptions(shared.data, viewer.uid));
    },
  );

  /** A kept layout with the viewer's own subscriptions on its trainings, read at once. */
  async function withSubscriptions(layout: StorefrontLayout, uid: number) {
    const ids = layout.sections.flatMap((s) => (s.trainings ?? []).map((t) => t.id));
    const mine = await storefront.subscriptions(uid, ids);
    if (!mine.size) return layout;
    return {
      ...layout,
      sections: layout.sections.map((section) =>
        section.trainings
          ? {
              ...section,
              trainings: section.trainings.map((t) => {
                const subscription = mine.get(t.id);
                return subscription ? { ...t, subscription } : t;
              }),
            }
          : section,
      ),
    };
  }

  app.get(
    '/storefront/settings',
    {
      schema: {
        tags: ['storefront'],
        summary:
          'Whether the storefront is on, and the target audience dialog of each audience: both for storefront managers, the registered users’ one for reward managers (a reward’s audience), none for everyone else',
        response: { 200: envelope(storefrontSettingsSchema), ...errorResponses },
      },
    },
    async (request) => {
      const site = await app.repos.settings.get('site');
      const enabled = site.catalog_enabled !== false && site.storefront_page_enabled !== false;
      const { flags } = request.access;
      const sections = flags.storefront_manage === true;
      // Rewards are bought by registered users only: their managers pick from that dialog.
      const rewards = flags.incentives_shop_settings_available === true;
      if (!sections && !rewards)
        return ok({ enabled, restrictions: { registered: [], unregistered: [] } });
      const { countries } = await app.repos.settings.get('countries');
      return ok({
        enabled,
        restrictions: {
          registered: await storefront.restrictionOptions('registered', countries),
          unregistered: sections
            ? await storefront.restrictionOptions('unregistered', countries)
            : [],
        },
      });
    },
  );

  app.get(
    '/storefront_sections/:id',
    {
      schema: {
        tags: ['storefront'],
        summary:
          'One storefront section, with a page of 24 of its trainings when its type lists trainings (404 when the caller may not see it)',
        params: idParamsSchema,
        querystring: storefrontSectionQuerySchema,
        response: { 200: envelope(storefrontSectionSchema), ...errorResponses },
      },
    },
    async (request) => {
      needStorefrontPage(request);
      const found = await storefront.section(request.params.id);
      const kind: StorefrontAudience = request.access.signedIn ? 'registered' : 'unregistered';
      if (!found || !found.layout.enabled || found.layout.audience !== kind)
        throw new HttpError(404, NOT_FOUND);
      const { audience } = await callerAudience(request, request.query.language);
      if (!matchesRestrictions(found.section.data.restrictions, audience))
        throw new HttpError(404, NOT_FOUND);
      const [section] = await servedSections([found.section], viewerOf(request), {
        page: request.query.page ?? 0,
      });
      return ok(section!);
    },
  );

  /** What the editor gets for an audience and language that has no layout: an unsaved draft. */
  const draftOf = (audience: StorefrontAudience, language: string): EditedLayout => ({
    id: null,
    audience,
    language,
    enabled: true,
  });

  app.get(
    '/storefront/manage',
    {
      preHandler: needFlags('storefront_manage'),
      schema: {
        tags: ['storefront'],
        summary:
          'The editable layout of an audience and language (an unsaved draft with id null when there is none: a read never creates one); with preview=true, what the audience the filters describe would see',
        querystring: storefrontManageQuerySchema,
        response: { 200: envelope(storefrontLayoutSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { type = 'registered', language = DEFAULT_LANGUAGE, preview } = request.query;
      if (!(await app.repos.languages.exists(language)))
        throw new HttpError(400, INVALID_FIELDS, [{ path: 'language', text: 'Unknown language' }]);
      // A GET can come from any page the manager opens (a link from another site is enough), so
      // it only reads: the layout is made by the first save.
      const layout = (await storefront.find(type, language)) ?? draftOf(type, language);
      if (!preview) return ok(await managedLayout(layout));
      const audience: Audience = { language: [request.query.audience_language ?? language] };
      for (const key of restrictionTypes) {
        const values = key === 'language' ? undefined : request.query[key];
        if (values?.length) audience[key] = values;
      }
      const { countries } = await app.repos.settings.get('countries');
      return ok({
        ...(await servedLayout(layout, audience, { uid: 0, manage: false })),
        restrictions: await storefront.restrictionOptions(type, countries),
      });
    },
  );

  /**
   * Saves a layout's sections (validated against their types, in weight order) and the audit
   * entry in one transaction: into the layout `target` names, or into the layout of an audience
   * and language, created by this save when it has none. Refuses sections of another layout.
   */
  async function saveLayout(
    request: FastifyRequest,
    target: number | { audience: StorefrontAudience; language: string },
    body: StorefrontPatch,
  ): Promise<{ layout: LayoutRow; created: boolean }> {
    const { sections, enabled } = body;
    const problems: FieldMessage[] = types.validate(sections);
    const seen = new Set<number>();
    sections.forEach((s, i) => {
      if (s.id === null) return;
      if (seen.has(s.id)) problems.push({ path: `sections[${i}][id]`, text: 'Duplicate section' });
      seen.add(s.id);
    });
    if (problems.length) throw new HttpError(400, INVALID_FIELDS, problems);
    const ordered = sections
      .map((section, index) => ({ section: types.sanitized(section), index }))
      .sort((a, b) => a.section.weight - b.section.weight || a.index - b.index);
    return app.repos.transaction(async (repos) => {
      let opened: { layout: LayoutRow; created: boolean };
      if (typeof target === 'number') {
        const layout = await repos.storefront.get(target);
        if (!layout) throw new HttpError(404, NOT_FOUND);
        opened = { layout, created: false };
      } else opened = await repos.storefront.open(target.audience, target.language);
      const { layout, created } = opened;
      const before = await repos.storefront.sections(layout.id);
      const { foreign } = await repos.storefront.replaceSections(
        layout.id,
        ordered.map((o) => o.section),
        enabled,
      );
      // Thrown inside the transaction, so a layout this save created goes with it.
      if (foreign.length)
        throw new HttpError(
          400,
          INVALID_FIELDS,
          foreign.map((i) => ({
            path: `sections[${ordered[i]!.index}][id]`,
            text: 'Unknown section',
          })),
        );
      const after = await repos.storefront.sections(layout.id);
      await audit(
        repos,
        request,
        created ? 'storefront.create' : 'storefront.update',
        `storefront:${layout.id}`,
        {
          audience: layout.audience,
          language: layout.language,
          ...changes(
            created ? null : { enabled: layout.enabled, sections: sectionSummary(before) },
            { enabled: enabled ?? layout.enabled, sections: sectionSummary(after) },
          ),
          edited: after
            .filter((s) => {
              const old = before.find((b) => b.id === s.id);
              return old && JSON.stringify(old.data) !== JSON.stringify(s.data);
            })
            .map((s) => s.id),
        },
      );
      return { layout, created };
    });
  }

  app.post(
    '/storefront/manage',
    {
      preHandler: needFlags('storefront_manage'),
      schema: {
        tags: ['storefront'],
        summary:
          "Save the layout of an audience and language the editor opened as a draft: 201 when this save creates it, 200 when another manager's save created it meanwhile (this one replaces its sections)",
        body: storefrontCreateSchema,
        response: {
          200: envelope(storefrontLayoutSchema),
          201: envelope(storefrontLayoutSchema),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { type, language, ...patch } = request.body;
      if (!(await app.repos.languages.exists(language)))
        throw new HttpError(400, INVALID_FIELDS, [{ path: 'language', text: 'Unknown language' }]);
      const { layout, created } = await saveLayout(request, { audience: type, language }, patch);
      return reply
        .code(created ? 201 : 200)
        .send(ok(await managedLayout((await storefront.get(layout.id))!)));
    },
  );

  app.patch(
    '/storefront/manage/:id',
    {
      preHandler: needFlags('storefront_manage'),
      schema: {
        tags: ['storefront'],
        summary:
          "Save a layout's sections: new ones (id null) are added, missing ones removed, all renumbered by weight",
        params: idParamsSchema,
        body: storefrontPatchSchema,
        response: { 200: envelope(storefrontLayoutSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { layout } = await saveLayout(request, request.params.id, request.body);
      return ok(await managedLayout((await storefront.get(layout.id))!));
    },
  );
};
