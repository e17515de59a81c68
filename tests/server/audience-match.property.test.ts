import fc from 'fast-check';
import type { RestrictionItem } from '@schemas/entities/storefront.schema';
import { expect, it } from 'vitest';
import {
  audienceValues,
  matchesRestrictions,
  type Audience,
} from '../../src/server/lib/storefront-audience';
import { describeEachDb } from './helpers';

const types = ['language', 'roles', 'organizations', 'title', 'department'] as const;
const texts = ['ar', 'en', 'learner', '3', '12', 'Nurse', ''];

const value = fc.oneof(
  fc.constantFrom(...texts),
  fc.constantFrom(3, 12, 7),
  fc.array(fc.oneof(fc.constantFrom(...texts), fc.constantFrom(3, 12)), { maxLength: 3 }),
);
const restrictions = fc.array(
  fc.record({ rule: fc.constant('and' as const), type: fc.constantFrom(...types), value }),
  { maxLength: 4 },
);
const audience = fc.dictionary(
  fc.constantFrom(...types),
  fc.array(fc.constantFrom(...texts), { maxLength: 3 }),
);

/**
 * The database decides who a list's restrictions let in (to filter and page the shop in SQL)
 * exactly as the server's own rule does, for any restrictions and any audience.
 */
describeEachDb('audience restrictions in SQL', (server) => {
  it('the restrictions kept as values let in whom matchesRestrictions lets in', async () => {
    await fc.assert(
      fc.asyncProperty(restrictions, audience, async (items, who) => {
        const { rows } = await server().db.query<{ ok: boolean }>(
          `SELECT NOT EXISTS (SELECT 1 FROM atrium_restriction_values($1::jsonb) r
                               WHERE NOT r.wanted && $2::text[]) AS ok`,
          [JSON.stringify(items), audienceValues(who)],
        );
        expect(rows[0]!.ok).toBe(matchesRestrictions(items as RestrictionItem[], who as Audience));
      }),
      { numRuns: 300 },
    );
  });
});
