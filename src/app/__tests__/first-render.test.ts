import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { generalSettingsQueryKey } from '@/lib/queries/general-settings';
import { meQueryKey } from '@/lib/queries/me';
import { createQueryClient } from '@/lib/query-client';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { layout, section } from '@/features/storefront/__tests__/fixtures';
import type { SectionTypeDeclaration } from '@schemas/config/section-type.schema';
import { primeFirstQueries } from '../first-render';

// The project's section types plus a made-up one that declares the same need as categories.
vi.mock('@schemas/storefront/section-types', async (importOriginal) => {
  const real = await importOriginal<{ sectionTypes: readonly SectionTypeDeclaration[] }>();
  const categories = real.sectionTypes.find((t) => t.type === 'categories')!;
  return { sectionTypes: [...real.sectionTypes, { ...categories, type: 'topic_cloud' }] };
});

setupMockServer();

describe('the first page of a visitor at /', () => {
  it('loads the vocabulary terms of the sections whose type declares it needs them', async () => {
    const vocabularies: (string | null)[] = [];
    server.use(
      http.get('*/api/v2/storefront', () =>
        HttpResponse.json({
          data: layout([
            section(1, 'categories', { vocabulary: 'topics', terms: [1, 2] }),
            section(2, 'categories', { vocabulary: 'levels', terms: [] }),
            section(3, 'topic_cloud', { vocabulary: 'skills', terms: [4] }),
            section(4, 'hero', { vocabulary: 'regions', terms: [5] }),
          ]),
        }),
      ),
      http.get('*/api/v2/taxonomy_terms', ({ request }) => {
        vocabularies.push(new URL(request.url).searchParams.get('machine_name'));
        return HttpResponse.json({ data: [], meta: { page: 0, totalPages: 0 } });
      }),
      http.get('*/api/v2/*', () => HttpResponse.json({ data: {} })),
    );
    const client = createQueryClient();
    client.setQueryData(meQueryKey, { uid: 0, name: '' });
    client.setQueryData(generalSettingsQueryKey, { current_language: 'en' });

    await primeFirstQueries(client, '/');
    await vi.waitFor(() => expect(vocabularies.sort()).toEqual(['skills', 'topics']));
    // Nothing else follows: the other sections' types declare no such need.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(vocabularies).toEqual(['skills', 'topics']);
  });
});
