import { ADMIN_HTML_POLICY } from '@engine/core';
import DOMPurify from 'dompurify';

/** Relative addresses, and absolute ones only with an allowed scheme (no javascript: or data:). */
const ALLOWED_URI = new RegExp(
  `^(?:(?:${ADMIN_HTML_POLICY.schemes.join('|')}):|[^a-z]|[a-z+.-]+(?:[^a-z+.\\-:]|$))`,
  'i',
);

/**
 * Administrator HTML cleaned in the browser with the server's policy: the server sanitized it
 * already, and this keeps a preview of unsaved text identical to what visitors will see.
 */
export function sanitizeAdminHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...ADMIN_HTML_POLICY.tags],
    ALLOWED_ATTR: [...ADMIN_HTML_POLICY.linkAttributes],
    ALLOWED_URI_REGEXP: ALLOWED_URI,
  });
}
