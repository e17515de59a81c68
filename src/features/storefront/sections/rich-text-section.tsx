import type { RichTextContent } from '@schemas/storefront/rich-text.section';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { SectionFrame } from './section-frame';
import styles from './sections.module.css';
import type { SectionProps } from './types';

/** Administrator HTML, sanitized again in the browser: no scripts, handlers, frames or forms. */
export function sanitizeRichText(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] });
}

/** Rich text: the section's HTML, cleaned. */
export function RichTextSection({ section }: SectionProps) {
  const { html } = section.data.content as Partial<RichTextContent>;
  const clean = useMemo(() => sanitizeRichText(typeof html === 'string' ? html : ''), [html]);
  if (clean.trim() === '') return null;
  return (
    <SectionFrame section={section}>
      <div className={styles.richText} dir="auto" dangerouslySetInnerHTML={{ __html: clean }} />
    </SectionFrame>
  );
}
