import type {
  SearchMeta,
  SearchResult,
  Subscription,
  Training,
  TrainingListItem,
} from '@schemas/entities/training.schema';

export function listItem(over: Partial<TrainingListItem> = {}): TrainingListItem {
  return {
    id: 1,
    title: 'Safe lifting at work',
    summary: 'Lift, carry and set down loads without strain.',
    image: { url: '/images/trainings/lifting.jpg', alt: 'A worker lifting a box' },
    language: 'en',
    free: true,
    price: null,
    duration_minutes: 45,
    video_count: 3,
    tags: [{ tid: 11, name: 'Safety', vocabulary: 'topics' }],
    organizations: [],
    created: '2025-01-10T09:00:00.000Z',
    updated: '2025-01-12T09:00:00.000Z',
    subscription: null,
    ...over,
  };
}

export function subscription(over: Partial<Subscription> = {}): Subscription {
  return {
    status: 'in_progress',
    progress: 33,
    subscribed_at: '2025-02-01T10:00:00.000Z',
    completed_at: null,
    watched_videos: [101],
    ...over,
  };
}

export function training(over: Partial<Training> = {}): Training {
  return {
    ...listItem(),
    body: '<p>Why <strong>posture</strong> matters.</p>',
    videos: [
      {
        id: 101,
        title: 'Posture',
        url: 'https://videos.example.org/1',
        duration_seconds: 303,
        position: 0,
      },
      {
        id: 102,
        title: 'Carrying',
        url: 'https://videos.example.org/2',
        duration_seconds: 420,
        position: 1,
      },
      {
        id: 103,
        title: 'Setting down',
        url: 'https://videos.example.org/3',
        duration_seconds: 95,
        position: 2,
      },
    ],
    ...over,
  };
}

export const meta = (total: number, over: { page?: number; limit?: number } = {}) => {
  const limit = over.limit ?? 12;
  return { page: over.page ?? 0, limit, total, totalPages: Math.ceil(total / limit) };
};

export function searchResult(over: Partial<SearchResult> = {}): SearchResult {
  return {
    training: listItem(),
    rank: 0.8,
    title_html: 'Safe <mark>lifting</mark> at work',
    snippet: 'How to <mark>lift</mark> safely',
    ...over,
  };
}

export function searchMeta(total: number, over: Partial<SearchMeta> = {}): SearchMeta {
  return {
    ...meta(total, { limit: 10 }),
    facets: {
      tags: [
        { value: 11, label: 'Safety', vocabulary: 'topics', count: 2 },
        { value: 12, label: 'Ergonomics', vocabulary: 'topics', count: 1 },
      ],
      language: [{ value: 'en', label: 'English', count: 2 }],
      free: [
        { value: true, label: 'Free', count: 1 },
        { value: false, label: 'Paid', count: 1 },
      ],
    },
    ...over,
  };
}

export const languages = [
  { langcode: 'en', name: 'English', native_name: 'English', direction: 0, weight: 0 },
  { langcode: 'ar', name: 'Arabic', native_name: 'العربية', direction: 1, weight: 1 },
];

export const vocabularies = [
  {
    type: 'topics',
    name: 'Topics',
    taxonomy: [
      { tid: 11, name: 'Safety', vocabulary: 'topics', parent: null, weight: 0 },
      { tid: 12, name: 'Ergonomics', vocabulary: 'topics', parent: null, weight: 1 },
    ],
  },
];
