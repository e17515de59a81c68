import { restrictionTypeDeclarations } from '@schemas/entities/restriction-types';
import { userAttributes, userPatchSchema } from '@schemas/entities/user.schema';
import { describe, expect, it } from 'vitest';
import {
  audienceOfAttributes,
  checkedRestrictionTypes,
  matchesRestrictions,
} from '../storefront-audience';

const fields = Object.keys(userPatchSchema.properties);

describe('restriction types at start', () => {
  it('the declared types start: each reads an attribute users cannot set, or a preference', () => {
    expect(checkedRestrictionTypes(restrictionTypeDeclarations, userAttributes, fields)).toBe(
      restrictionTypeDeclarations,
    );
  });

  it('a type reading an attribute users set themselves stops the server with the reason', () => {
    const selfTitle = { ...userAttributes, title: { setBy: 'self' } } as const;
    expect(() => checkedRestrictionTypes(restrictionTypeDeclarations, selfTitle, fields)).toThrow(
      /restrictionTypes\/\d+\/reads: "title" is set by users themselves/,
    );
    const { bio: _bio, ...undeclared } = userAttributes;
    expect(() => checkedRestrictionTypes(restrictionTypeDeclarations, undeclared, fields)).toThrow(
      'userAttributes/bio: the profile field "bio" does not say who sets it',
    );
  });
});

describe('audiences', () => {
  it('each restriction type matches the attribute its declaration reads', () => {
    const values = {
      language: ['ar'],
      country: ['NL'],
      title: ['Nurse'],
      organizations: ['3'],
      roles: ['authenticated', 'learner'],
      timezone: ['Europe/Amsterdam'],
    };
    const audience = audienceOfAttributes(values);
    expect(audience).toEqual(
      Object.fromEntries(restrictionTypeDeclarations.map((d) => [d.type, values[d.reads]])),
    );
    expect(matchesRestrictions([{ rule: 'and', type: 'title', value: 'Nurse' }], audience)).toBe(
      true,
    );
    expect(matchesRestrictions([{ rule: 'and', type: 'country', value: 'DE' }], audience)).toBe(
      false,
    );
  });
});
