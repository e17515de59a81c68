import type { FastifyPluginAsync } from 'fastify';
import { settingsDocuments } from '@schemas/settings-documents/settings-documents';
import { compileSettingsDocuments, envelope, ok } from '@engine/server';
import { audit, changes } from '../lib/audit';
import { errorResponses, needFlags } from '../lib/guards';

/** The declared documents, checked when the server starts: a wrong declaration stops it. */
const documents = compileSettingsDocuments(settingsDocuments);

/**
 * The settings documents declared in `schemas/settings-documents`: for each, `GET` and `PUT
 * settings/documents/<key>`, guarded by its declared read and change flags, validated by its
 * schema and listed in the OpenAPI document with it. A key nobody declared has no route (404).
 */
export const settingsDocumentRoutes: FastifyPluginAsync = async (app) => {
  for (const { declaration, withDefaults } of documents.values()) {
    const { key, schema, access } = declaration;
    const url = `/settings/documents/${key}`;
    const response = { 200: envelope(schema), ...errorResponses };
    app.addSchema(schema);

    app.get(
      url,
      {
        preHandler: needFlags(...access.read),
        schema: {
          tags: ['settings'],
          summary: `${schema.title}: the saved settings, defaults where nothing is saved`,
          response,
        },
      },
      async () => ok(withDefaults(await app.repos.settings.storedDocument(key))),
    );

    app.put(
      url,
      {
        preHandler: needFlags(...access.change),
        schema: {
          tags: ['settings'],
          summary: `Save the ${schema.title.toLowerCase()} settings (all of them) and answer what was saved`,
          body: schema,
          response,
        },
      },
      async (request) => {
        const value = withDefaults(request.body);
        // The document and its audit entry are saved together or not at all.
        const saved = await app.repos.transaction(async (repos) => {
          await repos.settings.lockDocument(key);
          const before = withDefaults(await repos.settings.storedDocument(key));
          await repos.settings.storeDocument(key, value);
          await audit(
            repos,
            request,
            'settings.document.update',
            `settings:document:${key}`,
            changes(before, value),
          );
          return value;
        });
        return ok(saved);
      },
    );
  }
};
