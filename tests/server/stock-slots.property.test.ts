import fc from 'fast-check';
import { expect, it } from 'vitest';
import { sqlState } from '../../src/server/db/db';
import { describeEachDb } from './helpers';

/** One step on a product's stock: a sale on a slot, a refund, or a new stock. */
type Step =
  | { op: 'sell'; slot: number; units: number }
  | { op: 'refund'; units: number }
  | { op: 'restock'; stock: number | null };

const SLOTS = 16;

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('sell' as const),
      slot: fc.integer({ min: 0, max: SLOTS - 1 }),
      units: fc.integer({ min: 1, max: 4 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('refund' as const),
      units: fc.integer({ min: 1, max: 6 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('restock' as const),
      stock: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
    }),
  },
);

describeEachDb('stock slots properties', (server) => {
  let products = 0;

  async function freshProduct(stock: number | null): Promise<number> {
    const { rows } = await server().db.query<{ id: number }>(
      `INSERT INTO incentive_products (title, price, stock, published) VALUES ($1, 1, $2, true)
       RETURNING id`,
      [`slots-prop-${Date.now()}-${++products}`, stock],
    );
    return rows[0]!.id;
  }

  async function slotsOf(id: number) {
    const { rows } = await server().db.query<{ slot: number; sold: number; quota: number | null }>(
      'SELECT slot, sold, quota FROM incentive_product_stock WHERE product_id = $1 ORDER BY slot',
      [id],
    );
    return rows;
  }

  /** Whether the sale went through: false when the database refused it as too few left. */
  async function sell(id: number, slot: number, units: number): Promise<boolean> {
    try {
      await server().db.transaction((tx) =>
        tx.query('SELECT atrium_take_stock_on($1::int, $2::int[], $3::int[])', [
          slot,
          [id],
          [units],
        ]),
      );
      return true;
    } catch (error) {
      if (sqlState(error) === 'AT001') return false;
      throw error;
    }
  }

  it('sells exactly while units are left, on any slot, through refunds and new stock', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
        fc.array(stepArb, { minLength: 1, maxLength: 40 }),
        async (initial, steps) => {
          const id = await freshProduct(initial);
          let stock = initial;
          let sold = 0;
          for (const step of steps) {
            if (step.op === 'sell') {
              const fits = stock === null || stock - sold >= step.units;
              expect(await sell(id, step.slot, step.units)).toBe(fits);
              if (fits) sold += step.units;
            } else if (step.op === 'refund') {
              await server().db.query('SELECT atrium_return_stock($1::int, $2::int)', [
                id,
                step.units,
              ]);
              sold = Math.max(0, sold - step.units);
            } else {
              await server().db.query('UPDATE incentive_products SET stock = $2 WHERE id = $1', [
                id,
                step.stock,
              ]);
              stock = step.stock;
            }

            const slots = await slotsOf(id);
            expect(slots.map((s) => s.slot)).toEqual(Array.from({ length: SLOTS }, (_, i) => i));
            expect(slots.reduce((sum, s) => sum + s.sold, 0)).toBe(sold);
            if (stock === null) {
              expect(slots.every((s) => s.quota === null)).toBe(true);
            } else {
              // The quotas never let the slots sell more than the stock.
              for (const s of slots) expect(s.quota).toBeGreaterThanOrEqual(s.sold);
              const quotas = slots.reduce((sum, s) => sum + s.quota!, 0);
              expect(quotas).toBe(Math.max(stock, sold));
            }
          }
          const { rows } = await server().db.query<{ sold: number }>(
            `SELECT (SELECT coalesce(sum(sold), 0)::int FROM incentive_product_stock
                      WHERE product_id = $1) AS sold`,
            [id],
          );
          expect(rows[0]!.sold).toBe(sold);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('a deleted product has no slots left and sells nothing', async () => {
    const id = await freshProduct(5);
    expect(await slotsOf(id)).toHaveLength(SLOTS);
    await server().db.query('DELETE FROM incentive_products WHERE id = $1', [id]);
    expect(await slotsOf(id)).toHaveLength(0);
    expect(await sell(id, 3, 1)).toBe(false);
  });
});
