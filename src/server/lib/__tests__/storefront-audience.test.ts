import { restrictionTypeDeclarations } from '@schemas/entities/restriction-types';
import {
  profileDocumentFields,
  userAttributes,
  userPatchSchema,
} from '@schemas/entities/user.schema';
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

  it('a type listing the values users have must read a field of their profile document', () => {
    const byRoleValues = restrictionTypeDeclarations.map((d) =>
      d.type === 'roles' ? { ...d, options: 'values' as const } : d,
    );
    expect(() =>
      checkedRestrictionTypes(byRoleValues, userAttributes, fields, profileDocumentFields),
    ).toThrow(
      /restrictionTypes\/\d+\/options: "values" lists the values users have of a profile field, and "roles" is not one/,
    );
    expect(
      checkedRestrictionTypes(
        restrictionTypeDeclarations,
        userAttributes,
        fields,
        profileDocumentFields,
      ),
    ).toBe(restrictionTypeDeclarations);
  });
});

describe('audiences', () => {
  it('each restriction type matches the attribute its declaration reads', () => {
    const values: Partial<Record<string, string[]>> = {
      language: ['ar'],
      country: ['NL'],
      title: ['Nurse'],
      organizations: ['3'],
      roles: ['authenticated', 'learner'],
      timezone: ['Europe/Amsterdam'],
    };
    const audience = audienceOfAttributes(values);
    expect(audience).toEqual(
      Object.fromEntries(
        restrictionTypeDeclarations.flatMap((d) =>
          values[d.reads] ? [[d.type, values[d.reads]]] : [],
        ),
      ),
    );
    expect(matchesRestrictions([{ rule: 'and', type: 'title', value: 'Nurse' }], audience)).toBe(
      true,
    );
    expect(matchesRestrictions([{ rule: 'and', type: 'country', value: 'DE' }], audience)).toBe(
      false,
    );
  });
});
