import type { SettingsDocumentDeclaration } from '../config/settings-document.schema';
import { badgesDocument } from './badges.document';

/**
 * Every settings document. Adding one: declare it in `<key>.document.ts`, list it here, and give
 * it a page with a `routes.config.json` entry `{ "page": "settings-document", "document": "<key>" }`.
 * The server serves and saves it at `settings/documents/<key>`; nothing under `src/` changes.
 */
export const settingsDocuments: readonly SettingsDocumentDeclaration[] = [badgesDocument];
