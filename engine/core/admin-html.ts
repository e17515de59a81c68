/**
 * The markup administrators may write (rich text of pages, descriptions, the cookie disclaimer):
 * the server keeps only this when it saves and serves such HTML,
 * and the browser keeps only this when it renders or previews it.
 *
 * @example
 * sanitizeHtml(html, { allowedTags: [...ADMIN_HTML_POLICY.tags] });
 */
export const ADMIN_HTML_POLICY = {
  tags: [
    ...['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'a', 'ul', 'ol', 'li', 'span', 'small'],
    // Sections of longer texts (content pages, descriptions): the page's own title is the h1.
    ...['h2', 'h3', 'h4', 'blockquote'],
  ],
  /** Attributes of links; no other element keeps any. */
  linkAttributes: ['href', 'title', 'target', 'rel'],
  /** Link schemes besides relative addresses. */
  schemes: ['http', 'https', 'mailto'],
} as const;
