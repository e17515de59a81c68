import fc from 'fast-check';
import { trainingsSortings, type TrainingsContent } from '@schemas/storefront/trainings.section';
import { expect, it } from 'vitest';
import type { SectionTrainingsQuery } from '../../src/server/repositories/storefront';
import type { Viewer } from '../../src/server/repositories/trainings';
import { describeEachDb, type TestServer } from './helpers';

/**
 * What a trainings section shows, as the catalogue lists it: the section's source as catalogue
 * filters (a vocabulary without chosen tags stands for all its terms), one page, its total.
 */
async function asTheCatalogue(
  server: TestServer,
  viewer: Viewer,
  { content, offset, limit }: SectionTrainingsQuery,
): Promise<{ ids: number[]; total: number }> {
  const q = { sort: content.sorting, page: offset / limit, limit };
  const { trainings } = server.app.repos;
  let filters = {};
  if (content.source === 'free') filters = { free: true };
  if (content.source === 'custom') {
    if (!content.training_ids?.length) return { ids: [], total: 0 };
    filters = { ids: content.training_ids };
  }
  if (content.source === 'vocabulary') {
    let tags = content.tags ?? [];
    if (!tags.length && content.vocabulary)
      tags = (
        await server.db.query<{ tid: number }>(
          'SELECT tid FROM taxonomy_terms WHERE vocabulary = $1',
          [content.vocabulary],
        )
      ).rows.map((r) => r.tid);
    if (!tags.length) return { ids: [], total: 0 };
    filters = { tags };
  }
  const { rows, total } = await trainings.list(viewer, { ...q, ...filters });
  return { ids: rows.map((r) => r.id), total };
}

/**
 * A storefront reads the trainings of all its sections in one statement. For any sections and
 * any viewer, each section gets what the catalogue lists for the same filters and page: the same
 * trainings in the same order, and the same total.
 */
describeEachDb('trainings of many storefront sections at once', (server) => {
  it('each section gets the page the catalogue lists for its filters', async () => {
    const { db } = server();
    const ids = (await db.query<{ id: number }>('SELECT id FROM trainings ORDER BY id')).rows.map(
      (r) => r.id,
    );
    const terms = (
      await db.query<{ tid: number }>('SELECT tid FROM taxonomy_terms ORDER BY tid')
    ).rows.map((r) => r.tid);
    const vocabularies = (
      await db.query<{ machine_name: string }>('SELECT machine_name FROM vocabularies')
    ).rows.map((r) => r.machine_name);
    const learner = (
      await db.query<{ uid: number }>(`SELECT uid FROM users WHERE name = 'learner'`)
    ).rows[0]!.uid;
    // Ids and tags nothing has are asked for too: they must match nothing.
    const someIds = fc.uniqueArray(fc.constantFrom(...ids, 999_999), { maxLength: 12 });
    const someTags = fc.uniqueArray(fc.constantFrom(...terms, 999_999), { maxLength: 5 });
    const content: fc.Arbitrary<TrainingsContent> = fc.record({
      source: fc.constantFrom('all', 'free', 'custom', 'vocabulary'),
      training_ids: someIds,
      vocabulary: fc.constantFrom('', 'none-such', ...vocabularies),
      tags: fc.oneof(fc.constant([]), someTags),
      size: fc.integer({ min: 1, max: 24 }),
      sorting: fc.constantFrom(...trainingsSortings),
      display: fc.constant('grid'),
    }) as fc.Arbitrary<TrainingsContent>;
    const query: fc.Arbitrary<SectionTrainingsQuery> = fc
      .tuple(content, fc.integer({ min: 0, max: 3 }), fc.boolean())
      .map(([c, page, own]) =>
        own
          ? { content: c, offset: page * 24, limit: 24 }
          : { content: c, offset: 0, limit: c.size },
      );
    const viewer = fc.constantFrom<Viewer>(
      { uid: 0, manage: false },
      { uid: learner, manage: false },
      { uid: learner, manage: true },
    );

    await fc.assert(
      fc.asyncProperty(viewer, fc.array(query, { minLength: 1, maxLength: 8 }), async (who, qs) => {
        const results = await server().app.repos.storefront.sectionTrainings(who, qs);
        expect(results).toHaveLength(qs.length);
        for (const [i, q] of qs.entries()) {
          const expected = await asTheCatalogue(server(), who, q);
          expect({ ids: results[i]!.rows.map((r) => r.id), total: results[i]!.meta.total }).toEqual(
            expected,
          );
          expect(results[i]!.meta).toMatchObject({ page: q.offset / q.limit, limit: q.limit });
        }
      }),
      { numRuns: 60 },
    );
  });
});
