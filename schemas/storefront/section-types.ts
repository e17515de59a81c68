import type { SectionTypeDeclaration } from '../config/section-type.schema';
import { callToActionSection } from './call-to-action.section';
import { categoriesSection } from './categories.section';
import { heroSection } from './hero.section';
import { richTextSection } from './rich-text.section';
import { trainingsSection } from './trainings.section';

/**
 * Every storefront section type, in the order the editor offers them. Adding a type: declare it
 * in `<type>.section.ts`, list it here, give the client a renderer for its `renderer` key, and
 * run `npm run validate`.
 */
export const sectionTypes: readonly SectionTypeDeclaration[] = [
  heroSection,
  trainingsSection,
  richTextSection,
  categoriesSection,
  callToActionSection,
];
