import DOMPurify from 'dompurify';

/**
 * A product description (sanitized on the server already) cleaned once more before rendering:
 * no scripts, handlers, frames, styles or forms, whatever the server let through.
 */
export function sanitizeDescription(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] });
}
