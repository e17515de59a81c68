import type { SectionTypeDeclaration } from '@schemas/config/section-type.schema';
import { useMemo } from 'react';
import { sanitizeAdminHtml } from '@/lib/admin-html';
import { ButtonLink } from './button-link';
import { contentBlocks, type ContentBlock } from './content-blocks';
import { lookOf, SectionFrame } from './section-frame';
import styles from './sections.module.css';
import type { SectionProps } from './types';

function Block({
  block,
  headingLevel,
  eager,
}: {
  block: ContentBlock;
  headingLevel: 2 | 3;
  eager: boolean;
}) {
  switch (block.kind) {
    case 'heading': {
      const Heading = headingLevel === 2 ? 'h2' : 'h3';
      return (
        <Heading className={styles.ctaHeading} dir="auto">
          {block.text}
        </Heading>
      );
    }
    case 'text':
      return (
        <p className={styles.ctaText} dir="auto">
          {block.text}
        </p>
      );
    case 'caption':
      return (
        <p className={styles.caption} dir="auto">
          {block.text}
        </p>
      );
    case 'quote':
      return (
        <figure className={styles.quote}>
          <blockquote className={styles.quoteText} dir="auto">
            <p>{block.text}</p>
          </blockquote>
          {block.captions.length > 0 ? (
            <figcaption className={styles.caption} dir="auto">
              {block.captions.join(', ')}
            </figcaption>
          ) : null}
        </figure>
      );
    case 'html':
      return <HtmlBlock html={block.html} />;
    case 'image':
      return (
        <img
          className={block.small ? styles.portrait : styles.image}
          src={block.url}
          alt={block.alt}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      );
    case 'link':
      return <ButtonLink button={block} />;
  }
}

function HtmlBlock({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeAdminHtml(html), [html]);
  if (clean.trim() === '') return null;
  return <div className={styles.richText} dir="auto" dangerouslySetInnerHTML={{ __html: clean }} />;
}

/**
 * The section of a type without a renderer of its own: its content shown by its schema (headings,
 * texts, HTML, images, links, quotes and their captions, in field order), in the section's frame.
 */
export function GenericSection({
  section,
  index,
  declaration,
}: SectionProps & { declaration: SectionTypeDeclaration }) {
  const blocks = contentBlocks(declaration.content, declaration.ui?.content, section.data.content);
  const look = lookOf(section);
  if (blocks.length === 0) return null;
  const headingLevel = look.showTitle && look.title !== '' ? 3 : 2;
  return (
    <SectionFrame section={section}>
      <div className={styles.generic}>
        {blocks.map((block) => (
          <Block key={block.key} block={block} headingLevel={headingLevel} eager={index === 0} />
        ))}
      </div>
    </SectionFrame>
  );
}
