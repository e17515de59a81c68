import type { RichTextContent } from '@schemas/storefront/rich-text.section';
import { useMemo } from 'react';
import { sanitizeAdminHtml } from '@/lib/admin-html';
import { SectionFrame } from '../section-frame';
import styles from '../sections.module.css';
import type { SectionProps } from '../types';

/** Rich text: the section's HTML, cleaned. */
export default function RichTextSection({ section }: SectionProps) {
  const { html } = section.data.content as Partial<RichTextContent>;
  const clean = useMemo(() => sanitizeAdminHtml(typeof html === 'string' ? html : ''), [html]);
  if (clean.trim() === '') return null;
  return (
    <SectionFrame section={section}>
      <div className={styles.richText} dir="auto" dangerouslySetInnerHTML={{ __html: clean }} />
    </SectionFrame>
  );
}
