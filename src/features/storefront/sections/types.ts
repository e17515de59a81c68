import type { StorefrontSection } from '@schemas/entities/storefront.schema';
import type { ComponentType } from 'react';

export interface SectionProps {
  section: StorefrontSection;
  /** Position on the page: the first section loads its images eagerly. */
  index: number;
}

export type SectionRenderer = ComponentType<SectionProps>;
