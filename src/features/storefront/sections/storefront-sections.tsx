import { useT } from '@engine/react';
import type { StorefrontSection } from '@schemas/entities/storefront.schema';
import { resolveRenderer, type SectionResolution } from './registry';
import styles from './sections.module.css';

/** In a preview, where a section the client cannot show would be: what is wrong, and which section. */
function UnrenderableSection({
  section,
  resolution,
}: {
  section: StorefrontSection;
  resolution: Exclude<SectionResolution, { Renderer: unknown }>;
}) {
  const { t } = useT();
  return (
    <div className={styles.unrenderable} data-section-type={section.type}>
      <p role="note" dir="auto">
        {resolution.problem === 'renderer'
          ? t('This section type cannot be shown: no renderer named @renderer.', {
              renderer: resolution.renderer,
            })
          : t('This section cannot be shown: its type @type is not declared.', {
              type: resolution.type,
            })}
      </p>
    </div>
  );
}

/**
 * A layout's sections in order. A section the client cannot show (its type unknown here, or its
 * renderer missing) is marked in a `preview`, so an editor sees it; visitors never see it.
 */
export function StorefrontSections({
  sections,
  preview = false,
  offset = 0,
}: {
  sections: readonly StorefrontSection[];
  preview?: boolean;
  /** How many sections come before these on the page (a later page of a layout). */
  offset?: number;
}) {
  const ordered = [...sections]
    .sort((a, b) => a.weight - b.weight)
    .map((section) => ({ section, resolution: resolveRenderer(section.type) }))
    .filter(({ resolution }) => preview || 'Renderer' in resolution);
  return (
    <div className={styles.sections}>
      {ordered.map(({ section, resolution }, index) =>
        'Renderer' in resolution ? (
          <resolution.Renderer key={section.id} section={section} index={offset + index} />
        ) : (
          <UnrenderableSection key={section.id} section={section} resolution={resolution} />
        ),
      )}
    </div>
  );
}

/** Whether any of the sections can be shown (in a `preview`, marked ones count). */
export function hasRenderableSections(
  sections: readonly StorefrontSection[],
  preview = false,
): boolean {
  return preview
    ? sections.length > 0
    : sections.some((section) => 'Renderer' in resolveRenderer(section.type));
}
