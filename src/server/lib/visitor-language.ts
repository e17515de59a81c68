import type { Language } from '@schemas/entities/language.schema';
import type { FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';

/** Cookie holding the language a visitor chose with the language switch. */
export const LANGUAGE_COOKIE = 'atrium_language';

/** A langcode as pages and browsers name it (`origin`, the untranslated source, is English). */
const spoken = (langcode: string) => (langcode === 'origin' ? 'en' : langcode);

/**
 * The language a caller without a language of their own reads: the one they chose (the
 * {@link LANGUAGE_COOKIE} cookie) while the site still has it, else the best of the site's
 * languages their browser asks for (`Accept-Language`, q-values respected, `ar-EG` matching
 * `ar`), else the site's default language.
 *
 * @example
 * visitorLanguage(request, languages, 'en'); // 'ar' for `Accept-Language: ar-EG,ar;q=0.9`
 */
export function visitorLanguage(
  request: FastifyRequest,
  languages: readonly Language[],
  fallback: string,
): string {
  const codes = languages.map((l) => l.langcode);
  const chosen = request.cookies[LANGUAGE_COOKIE];
  if (chosen && codes.includes(chosen)) return chosen;
  const header = request.headers['accept-language'];
  if (!header) return fallback;
  const best = new Negotiator({ headers: { 'accept-language': header } }).language(
    codes.map(spoken),
  );
  return best === undefined ? fallback : (codes.find((code) => spoken(code) === best) ?? fallback);
}
