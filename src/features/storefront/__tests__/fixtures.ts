import type { StorefrontLayout, StorefrontSection } from '@schemas/entities/storefront.schema';
import type { TrainingListItem } from '@schemas/entities/training.schema';

export function trainingItem(id: number, over: Partial<TrainingListItem> = {}): TrainingListItem {
  return {
    id,
    title: `Training ${id}`,
    summary: '',
    image: { url: '', alt: '' },
    language: 'en',
    free: true,
    price: null,
    duration_minutes: 30,
    video_count: 2,
    tags: [],
    organizations: [],
    created: '2025-01-10T09:00:00.000Z',
    updated: '2025-01-12T09:00:00.000Z',
    subscription: null,
    ...over,
  };
}

export function section(
  id: number,
  type: string,
  content: Record<string, unknown>,
  over: Partial<StorefrontSection> = {},
): StorefrontSection {
  return {
    id,
    type,
    weight: id,
    data: {
      content,
      settings: { title: '', show_title: false, full_width: false },
      appearance: { background_color: '', text_color: '', text_align: 'start' },
      restrictions: [],
    },
    ...over,
  };
}

export function layout(
  sections: StorefrontSection[],
  audience: StorefrontLayout['audience'] = 'unregistered',
): StorefrontLayout {
  return { id: 1, audience, language: 'en', enabled: true, sections };
}

export const meta = (total: number, page = 0, limit = 24) => ({
  page,
  limit,
  total,
  totalPages: Math.ceil(total / limit),
});
