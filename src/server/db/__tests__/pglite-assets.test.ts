import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { loadPgliteAssets, openPglite } from '../pglite';

describe('loadPgliteAssets', () => {
  it('loads the module and the file system bundle a database then opens with', async () => {
    const assets = await loadPgliteAssets();
    expect(assets.pgliteWasmModule).toBeInstanceOf(WebAssembly.Module);
    expect(assets.fsBundle.size).toBeGreaterThan(1_000_000);
    const db = await openPglite({
      snapshot: new Blob([await readFile(inject('pgliteSnapshot'))]),
      assets,
    });
    try {
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
      expect(rows[0]!.n).toBe(7);
    } finally {
      await db.close();
    }
  }, 60_000);
});
