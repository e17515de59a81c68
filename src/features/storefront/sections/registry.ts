import { sectionTypes } from '@schemas/storefront/section-types';
import { CallToActionSection } from './call-to-action-section';
import { CategoriesSection } from './categories-section';
import { HeroSection } from './hero-section';
import { RichTextSection } from './rich-text-section';
import { TrainingsSection } from './trainings-section';
import type { SectionRenderer } from './types';

/** Section renderers by the section type's `renderer` key (schemas/storefront). */
export const sectionRenderers: Record<string, SectionRenderer> = {
  hero: HeroSection,
  trainings: TrainingsSection,
  'rich-text': RichTextSection,
  categories: CategoriesSection,
  'call-to-action': CallToActionSection,
};

const rendererKeys = new Map<string, string>(sectionTypes.map((s) => [s.type, s.renderer]));

/** The renderer of a section type, or null for a type or renderer key the client does not know. */
export function rendererFor(type: string): SectionRenderer | null {
  const key = rendererKeys.get(type);
  return (
    (key !== undefined && Object.hasOwn(sectionRenderers, key) && sectionRenderers[key]) || null
  );
}
