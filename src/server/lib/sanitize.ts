import { ADMIN_HTML_POLICY } from '@engine/core';
import sanitizeHtml from 'sanitize-html';

/** Allowed markup for administrator-provided rich text (links, emphasis, lists, paragraphs). */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ADMIN_HTML_POLICY.tags],
  allowedAttributes: { a: [...ADMIN_HTML_POLICY.linkAttributes] },
  allowedSchemes: [...ADMIN_HTML_POLICY.schemes],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/** Cleans administrator HTML; used both when it is saved and when it is served. */
export function sanitizeAdminHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Cleans a search snippet: its text with `<mark>` around the matched words and nothing else. */
export function sanitizeSnippet(html: string): string {
  return sanitizeHtml(html, { allowedTags: ['mark'], allowedAttributes: {} });
}
