import DOMPurify from 'dompurify';

/** A search snippet: text with `<mark>` around the matched words and nothing else. */
export function sanitizeSnippet(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: ['mark'], ALLOWED_ATTR: [] });
}
