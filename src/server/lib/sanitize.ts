import sanitizeHtml from 'sanitize-html';

/** Allowed markup for administrator-provided rich text (links, emphasis, lists, paragraphs). */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'a', 'ul', 'ol', 'li', 'span', 'small'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
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
