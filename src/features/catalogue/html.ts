import DOMPurify from 'dompurify';

/** A training body (authored HTML) cleaned for rendering: no scripts, handlers or frames. */
export function sanitizeBody(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] });
}

/** A search snippet: text with `<mark>` around the matched words and nothing else. */
export function sanitizeSnippet(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: ['mark'], ALLOWED_ATTR: [] });
}
