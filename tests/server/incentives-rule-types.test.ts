import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { earningEvents } from '@schemas/incentives/events';
import type * as ruleTypesModule from '@schemas/incentives/rule-types';
import { ruleTypes, type RuleType } from '@schemas/incentives/rule-types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkedEarningCatalogue } from '../../src/server/lib/earning-rules';

const streak = ruleTypes.find((r) => r.type === 'login_streak')!;
const signedInFacts = Object.keys(
  earningEvents.find((e) => e.event === 'signed_in')!.facts.properties,
);

/** The declared streak type with some fields changed, as a product owner might mistype it. */
const variant = (changes: Partial<RuleType>): RuleType => ({
  ...streak,
  type: 'streak_variant',
  ...changes,
});

/** The message the start check stops with for one more declared rule type. */
function refusal(extra: RuleType): string {
  try {
    checkedEarningCatalogue(earningEvents, [...ruleTypes, extra]);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the rule type was accepted');
}

describe('earning rule types are checked when the server starts', () => {
  afterEach(() => {
    vi.doUnmock('@schemas/incentives/rule-types');
    vi.resetModules();
  });

  it('accepts the declared events and rule types', () => {
    const catalogue = checkedEarningCatalogue(earningEvents, ruleTypes);
    expect([...catalogue.ruleTypes.keys()]).toEqual(ruleTypes.map((r) => r.type));
    expect(catalogue.byEvent.get('signed_in')?.map((t) => t.declaration.type)).toEqual(
      ruleTypes.filter((r) => r.event === 'signed_in').map((r) => r.type),
    );
  });

  it('refuses to start a server whose rule type names a fact its event does not carry', async () => {
    const typo = variant({ when: [{ fact: 'dayz_in_a_row', op: 'gte', param: 'days' }] });
    vi.doMock('@schemas/incentives/rule-types', async (importOriginal) => {
      const original = await importOriginal<typeof ruleTypesModule>();
      return { ...original, ruleTypes: [...original.ruleTypes, typo] };
    });
    vi.resetModules();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'atrium-rule-types-'));
    try {
      const started = import('../../src/server/app').then(async ({ buildApp }) => {
        const app = await buildApp({ dataDir, seed: 'none' });
        await app.close();
      });
      await expect(started).rejects.toThrow(
        `rule type "streak_variant": its condition names the fact "dayz_in_a_row", which the event "signed_in" does not carry (its facts: ${signedInFacts.join(', ')})`,
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('names the rule type and what is known for an unknown event, parameter or key fact', () => {
    expect(refusal(variant({ event: 'logged_on' }))).toContain(
      `rule type "streak_variant": names the event "logged_on", which is not declared (events: ${earningEvents.map((e) => e.event).join(', ')})`,
    );
    expect(
      refusal(variant({ when: [{ fact: 'days_in_a_row', op: 'gte', param: 'weeks' }] })),
    ).toContain(
      'rule type "streak_variant": its condition names the parameter "weeks", which it does not declare (its parameters: days)',
    );
    expect(refusal(variant({ eventKey: '{run_start}' }))).toContain(
      `rule type "streak_variant": its eventKey names the fact "{run_start}", which the event "signed_in" does not carry`,
    );
    // The meta-schema: an operator it does not know.
    expect(
      refusal(
        variant({ when: [{ fact: 'days_in_a_row', op: 'atleast' as 'gte', param: 'days' }] }),
      ),
    ).toContain('rule type "streak_variant"/when/0/op: must be equal to one of the allowed values');
  });
});
