import type { StorefrontSection } from '@schemas/entities/storefront.schema';
import { rendererFor } from './registry';
import styles from './sections.module.css';

/** A layout's sections in order; sections of an unknown type render nothing. */
export function StorefrontSections({ sections }: { sections: readonly StorefrontSection[] }) {
  const rendered = [...sections]
    .sort((a, b) => a.weight - b.weight)
    .flatMap((section) => {
      const Renderer = rendererFor(section.type);
      return Renderer ? [{ section, Renderer }] : [];
    });
  return (
    <div className={styles.sections}>
      {rendered.map(({ section, Renderer }, index) => (
        <Renderer key={section.id} section={section} index={index} />
      ))}
    </div>
  );
}

/** Whether any of the sections has a renderer. */
export function hasRenderableSections(sections: readonly StorefrontSection[]): boolean {
  return sections.some((section) => rendererFor(section.type) !== null);
}
