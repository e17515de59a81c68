import type { StorefrontSection } from '@schemas/entities/storefront.schema';
import type { CSSProperties, ReactNode } from 'react';
import styles from './sections.module.css';

/** The settings and appearance every section type shares (SPEC point 3). */
export interface SectionLook {
  title: string;
  showTitle: boolean;
  fullWidth: boolean;
  backgroundColor: string;
  textColor: string;
  textAlign: 'start' | 'center' | 'end';
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Reads a section's shared settings and appearance, with the schema defaults. */
export function lookOf(section: StorefrontSection): SectionLook {
  const { settings, appearance } = section.data;
  const align = appearance.text_align;
  return {
    title: str(settings.title),
    showTitle: settings.show_title !== false,
    fullWidth: settings.full_width === true,
    backgroundColor: str(appearance.background_color),
    textColor: str(appearance.text_color),
    textAlign: align === 'center' || align === 'end' ? align : 'start',
  };
}

/** The section's colours and alignment as CSS variables (unset ones fall back to the theme). */
function lookStyle(look: SectionLook): CSSProperties {
  const vars: Record<string, string> = { '--section-align': look.textAlign };
  if (look.backgroundColor) vars['--section-bg'] = look.backgroundColor;
  if (look.textColor) vars['--section-text'] = look.textColor;
  return vars;
}

/**
 * A section's box: its appearance, its width and (when shown) its title as an h2. Sections
 * without a shown title are labelled by their own heading, if any.
 */
export function SectionFrame({
  section,
  className,
  children,
}: {
  section: StorefrontSection;
  className?: string;
  children: ReactNode;
}) {
  const look = lookOf(section);
  const titleId = `storefront-section-${section.id}-title`;
  const titled = look.showTitle && look.title !== '';
  const classes = [
    styles.section,
    look.fullWidth ? styles.fullWidth : '',
    look.backgroundColor ? styles.filled : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <section
      className={classes}
      style={lookStyle(look)}
      aria-labelledby={titled ? titleId : undefined}
      data-section-type={section.type}
    >
      <div className={styles.inner}>
        {titled ? (
          <h2 id={titleId} className={styles.title} dir="auto">
            {look.title}
          </h2>
        ) : null}
        {children}
      </div>
    </section>
  );
}
