import { describe, expect, it } from 'vitest';
import { fetchAllPages, type ListEnvelope } from '../index';

const pageOf = (page: number, totalPages: number, items: number[]): ListEnvelope<number> => ({
  data: items,
  meta: { page, totalPages, total: totalPages * 2, limit: 2 },
});

describe('fetchAllPages', () => {
  it('asks for each page in order from 0 and merges them', async () => {
    const asked: number[] = [];
    const all = await fetchAllPages(async (page) => {
      asked.push(page);
      return pageOf(page, 3, [page * 2, page * 2 + 1]);
    });
    expect(asked).toEqual([0, 1, 2]);
    expect(all.data).toEqual([0, 1, 2, 3, 4, 5]);
    expect(all.meta).toMatchObject({ page: 2, totalPages: 3, isLastPage: true });
  });

  it('makes one call for a single page or an empty list', async () => {
    let calls = 0;
    const all = await fetchAllPages(async () => {
      calls++;
      return pageOf(0, 0, []);
    });
    expect(calls).toBe(1);
    expect(all).toEqual({
      data: [],
      meta: { page: 0, totalPages: 0, total: 0, limit: 2, isLastPage: true },
    });
  });

  it('fails as a whole when a later page fails', async () => {
    await expect(
      fetchAllPages(async (page) => {
        if (page === 1) throw new Error('page 1 failed');
        return pageOf(page, 2, [page]);
      }),
    ).rejects.toThrow('page 1 failed');
  });
});
