import type { SectionTypeDeclaration } from '../config/section-type.schema';
import { callToActionSection } from './call-to-action.section';
import { categoriesSection } from './categories.section';
import { heroSection } from './hero.section';
import { richTextSection } from './rich-text.section';
import { testimonialSection } from './testimonial.section';
import { trainingsSection } from './trainings.section';

/**
 * Every storefront section type, in the order the editor offers them. Adding a type: declare it
 * in `<type>.section.ts`, list it here and run `npm run validate`. Without a `renderer` key the
 * client shows it by its content schema; with one, by the component in
 * `src/features/storefront/sections/renderers/<renderer>.tsx`.
 */
export const sectionTypes: readonly SectionTypeDeclaration[] = [
  heroSection,
  trainingsSection,
  richTextSection,
  categoriesSection,
  callToActionSection,
  testimonialSection,
];
