import { dateSchema, embed } from './common.schema';

const count = { type: 'integer', minimum: 0 } as const;

/** A count from 0 under each of the names `series` lists. */
type Counts<S extends readonly string[]> = { readonly [Name in S[number]]: typeof count };

/**
 * The `weeks` and `totals` properties of an answer that counts things per week (Monday, UTC)
 * over a period: `weeks` lists every week of the period, oldest first, weeks that counted
 * nothing included, each with its `week` date and a count per series; `totals` adds the weeks
 * up per series. Spread it into the answer's properties, so each series is named once.
 *
 * @example
 * const historySchema = {
 *   $id: 'atrium:history',
 *   type: 'object',
 *   required: ['weeks', 'totals'],
 *   additionalProperties: false,
 *   properties: weeklyCounts(['earned', 'spent']),
 * } as const;
 * // FromSchema<typeof historySchema>:
 * // { weeks: { week: string; earned: number; spent: number }[]; totals: { earned: number; spent: number } }
 */
export function weeklyCounts<const S extends readonly string[]>(series: S) {
  const counts = Object.fromEntries(series.map((name) => [name, count])) as Counts<S>;
  return {
    weeks: {
      type: 'array',
      items: {
        type: 'object',
        required: ['week', ...series],
        additionalProperties: false,
        properties: { week: embed(dateSchema), ...counts },
      },
    },
    totals: {
      type: 'object',
      required: series,
      additionalProperties: false,
      properties: counts,
    },
  } as const;
}
