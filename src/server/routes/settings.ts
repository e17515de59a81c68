import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import {
  brandingSchema,
  cookieDisclaimerSchema,
  countriesSettingsSchema,
  footerSettingsPatchSchema,
  footerSettingsSchema,
  generalSettingsSchema,
  settingsQuerySchema,
  siteSettingsPatchSchema,
  siteSettingsSchema,
} from '@schemas/entities/settings.schema';
import type { AccessFlags } from '@schemas/entities/access-flags.schema';
import {
  cookieDisclaimerBodySchema,
  cookieDisclaimerSavedSchema,
} from '@schemas/entities/site-admin.schema';
import { envelope, ok } from '@engine/server';
import { audit, changes } from '../lib/audit';
import { errorResponses, needFlags } from '../lib/guards';
import { sanitizeAdminHtml } from '../lib/sanitize';
import { sendKept } from '../lib/table-cache';
import { currentUserOf } from '../lib/site-admin';
import { visitorLanguage } from '../lib/visitor-language';
import {
  assertTranslations,
  localizeDocument,
  mapTexts,
  requestLanguage,
  saveTranslations,
  translationsOf,
} from '../lib/content-sources';

/** Cookie remembering which disclaimer version this browser agreed to. */
export const COOKIES_AGREED_COOKIE = 'atrium_cookies_agreed';

/** General, footer, countries, branding, site and cookie-disclaimer settings. */
export const settingsRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.get(
    '/settings',
    {
      schema: {
        tags: ['settings'],
        summary: "General (with the caller's access flags), footer or countries settings",
        querystring: settingsQuerySchema,
        response: {
          200: envelope({
            anyOf: [generalSettingsSchema, footerSettingsSchema, countriesSettingsSchema],
          } as const),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { settings, languages, users } = app.repos;
      switch (request.query.type) {
        case 'footer':
          return ok(
            await localizeDocument(
              app,
              'footer',
              await settings.get('footer'),
              await requestLanguage(app, request),
            ),
          );
        case 'countries':
          return ok(await settings.get('countries'));
        case 'general': {
          const { uid } = request.access;
          // A caller without a language of their own reads the one they chose or their browser
          // asks for: the answer depends on it, and is kept per language.
          const [langs, regional] = await Promise.all([
            app.cache.get('languages:list', ['languages'], () => languages.list()),
            app.cache.get('settings:regional', ['settings'], () => settings.get('regional')),
          ]);
          const visitor = visitorLanguage(request, langs, regional.default_language);
          const general = async () => {
            const formats = await settings.get('date_time_formats');
            const user = request.access.signedIn
              ? await currentUserOf(users, uid, request.realUid, false)
              : undefined;
            const language =
              user?.language && langs.some((l) => l.langcode === user.language)
                ? user.language
                : visitor;
            return ok({
              date_time_formats: formats,
              languages: langs,
              current_language: language,
              default_language: regional.default_language,
              current_timezone: user?.timezone || regional.default_timezone,
              ...(user?.real_user ? { real_user: user.real_user } : {}),
              ...(request.access.flags as AccessFlags),
            });
          };
          // Asked for by every page: kept per caller, serialized.
          void reply.header('Vary', 'Cookie, Accept-Language');
          return sendKept(
            reply,
            app.cache,
            `settings:general:${uid}:${request.realUid ?? ''}:${visitor}`,
            ['settings', 'languages', 'users', 'user_roles', 'role_flags'],
            general,
          );
        }
      }
    },
  );

  app.get(
    '/settings/branding',
    {
      schema: {
        tags: ['settings'],
        summary: 'The public part of the site settings',
        response: { 200: envelope(brandingSchema), ...errorResponses },
      },
    },
    async (request) => {
      const site = await localizeDocument(
        app,
        'site',
        await app.repos.settings.get('site'),
        await requestLanguage(app, request),
      );
      return ok({
        site_name: site.site_name,
        organization_name: site.organization_name,
        login_url: site.login_url,
        signup_url: site.signup_url,
        incentives_leaderboard: site.incentives_leaderboard,
        incentives_shop_enabled: site.incentives_shop_enabled,
        breadcrumbs_enabled: site.breadcrumbs_enabled,
        logo: site.logo,
        logo_alt: site.logo_alt,
        site_background: site.site_background,
        self_registration: site.self_registration ?? false,
      });
    },
  );

  app.get(
    '/settings/cookies-disclaimer',
    {
      schema: {
        tags: ['settings'],
        summary: 'Cookie banner text and whether this browser or user agreed to it',
        response: { 200: envelope(cookieDisclaimerSchema), ...errorResponses },
      },
    },
    async (request) => {
      const disclaimer = await app.repos.settings.get('cookie_disclaimer');
      const cookie = request.cookies[COOKIES_AGREED_COOKIE];
      let agreed = cookie !== undefined && cookie === String(disclaimer.version);
      if (!agreed && request.access.signedIn) {
        agreed =
          (await app.repos.settings.cookieAgreement(request.access.uid)) === disclaimer.version;
      }
      const { disclaimer_text } = await localizeDocument(
        app,
        'cookie_disclaimer',
        { disclaimer_text: disclaimer.text },
        await requestLanguage(app, request),
      );
      return ok({ disclaimer_text: sanitizeAdminHtml(disclaimer_text), agreed });
    },
  );

  app.get(
    '/settings/site',
    {
      preHandler: needFlags('site_manage'),
      schema: {
        tags: ['settings'],
        summary: 'Site settings',
        response: { 200: envelope(siteSettingsSchema), ...errorResponses },
      },
    },
    async () => ok(await app.repos.settings.get('site')),
  );

  app.post(
    '/settings/site',
    {
      preHandler: needFlags('site_manage'),
      schema: {
        tags: ['settings'],
        summary: 'Change some site settings; only the fields sent change',
        body: siteSettingsPatchSchema,
        response: { 200: envelope(siteSettingsSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { translations, ...patch } = request.body;
      await assertTranslations(app.repos, siteSettingsSchema, translations);
      return ok(
        await app.repos.transaction(async (repos) => {
          await repos.settings.lock('site');
          const before = await repos.settings.get('site');
          const textsBefore = await translationsOf(repos, 'site', 'site');
          const after = await repos.settings.merge('site', patch);
          await saveTranslations(repos, 'site', 'site', translations);
          await audit(repos, request, 'settings.site', 'settings:site', {
            ...changes(before, after),
            ...changes(
              { translations: textsBefore },
              { translations: await translationsOf(repos, 'site', 'site') },
            ),
          });
          return after;
        }),
      );
    },
  );

  app.post(
    '/settings/footer',
    {
      preHandler: needFlags('site_manage'),
      schema: {
        tags: ['settings'],
        summary: 'Change some footer settings; only the fields sent change',
        body: footerSettingsPatchSchema,
        response: { 200: envelope(footerSettingsSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { translations, ...patch } = request.body;
      await assertTranslations(app.repos, footerSettingsSchema, translations);
      return ok(
        await app.repos.transaction(async (repos) => {
          await repos.settings.lock('footer');
          const before = await repos.settings.get('footer');
          const textsBefore = await translationsOf(repos, 'footer', 'footer');
          const after = await repos.settings.merge('footer', patch);
          await saveTranslations(repos, 'footer', 'footer', translations);
          await audit(repos, request, 'settings.footer', 'settings:footer', {
            ...changes(before, after),
            ...changes(
              { translations: textsBefore },
              { translations: await translationsOf(repos, 'footer', 'footer') },
            ),
          });
          return after;
        }),
      );
    },
  );

  app.post(
    '/settings/cookies-disclaimer',
    {
      preHandler: needFlags('site_manage'),
      schema: {
        tags: ['settings'],
        summary:
          'Change the cookie banner text (HTML, sanitized); a changed text gets a new version, so everyone who agreed to the old one sees the banner again',
        body: cookieDisclaimerBodySchema,
        response: { 200: envelope(cookieDisclaimerSavedSchema), ...errorResponses },
      },
    },
    async (request) => {
      const text = sanitizeAdminHtml(request.body.disclaimer_text);
      const { translations } = request.body;
      await assertTranslations(app.repos, cookieDisclaimerBodySchema, translations);
      const saved = await app.repos.transaction(async (repos) => {
        await repos.settings.lock('cookie_disclaimer');
        const before = await repos.settings.get('cookie_disclaimer');
        const textsBefore = await translationsOf(repos, 'cookie_disclaimer', 'cookie_disclaimer');
        await saveTranslations(
          repos,
          'cookie_disclaimer',
          'cookie_disclaimer',
          translations && mapTexts(translations, sanitizeAdminHtml),
        );
        const textsAfter = await translationsOf(repos, 'cookie_disclaimer', 'cookie_disclaimer');
        const textsChanged = JSON.stringify(textsBefore) !== JSON.stringify(textsAfter);
        if (before.text === text && !textsChanged) return before;
        // A new text in any language asks everyone again.
        const after = { text, version: before.version + 1 };
        await repos.settings.set('cookie_disclaimer', after);
        await audit(repos, request, 'settings.cookies_disclaimer', 'settings:cookie_disclaimer', {
          ...changes(before, after),
          ...changes({ translations: textsBefore }, { translations: textsAfter }),
        });
        return after;
      });
      return ok({ disclaimer_text: saved.text, version: saved.version });
    },
  );
};
