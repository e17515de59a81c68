/** A user attribute as its declaration says: who sets it, and whether it is a preference. */
export interface DeclaredAttribute {
  readonly setBy: string;
  readonly preference?: boolean;
}

/** What the check needs of a restriction type: its key, the attribute it reads, its options. */
export interface DeclaredRestriction {
  readonly type: string;
  readonly reads: string;
  readonly options?: string;
}

/** One problem: in the restriction types or the user attributes, at a JSON pointer into them. */
export interface DeclarationProblem {
  in: 'restrictionTypes' | 'userAttributes';
  path: string;
  message: string;
}

/**
 * Checks that audience restriction types can only be met by what a user cannot set for
 * themselves: each type's key is unique and the attribute it `reads` is declared, and set by an
 * administrator or a preference (how a person reads the portal, which keeps nobody out). A type
 * reading an attribute users set themselves would let anyone join its audience by editing their
 * profile. Also checks that every field a user may send about themselves (`fields`) is declared,
 * so none is self-editable by omission, and that a type taking its options from the `values`
 * users have reads a field of their profile document (`documentFields`). Paths number the list
 * as given; an undefined entry (a declaration refused by an earlier check) is skipped.
 *
 * @example
 * restrictionTypeProblems([{ type: 'title', reads: 'title' }], { title: { setBy: 'self' } });
 * // [{ in: 'restrictionTypes', path: '/0/reads', message: '"title" is set by users themselves …' }]
 */
export function restrictionTypeProblems(
  types: readonly (DeclaredRestriction | undefined)[],
  attributes: Readonly<Record<string, DeclaredAttribute>>,
  fields: readonly string[] = [],
  documentFields?: readonly string[],
): DeclarationProblem[] {
  const problems: DeclarationProblem[] = [];
  const seen = new Map<string, number>();
  types.forEach((declared, index) => {
    if (!declared) return;
    const { type, reads, options } = declared;
    if (options === 'values' && documentFields && !documentFields.includes(reads))
      problems.push({
        in: 'restrictionTypes',
        path: `/${index}/options`,
        message:
          `"values" lists the values users have of a profile field, and "${reads}" is not one ` +
          `(profile fields: ${documentFields.join(', ')}): declare it in the user profile schema, ` +
          `or choose another option source`,
      });
    const earlier = seen.get(type);
    if (earlier !== undefined)
      problems.push({
        in: 'restrictionTypes',
        path: `/${index}/type`,
        message: `"${type}" is already declared at /${earlier}`,
      });
    seen.set(type, index);
    const attribute = Object.hasOwn(attributes, reads) ? attributes[reads] : undefined;
    if (!attribute)
      problems.push({
        in: 'restrictionTypes',
        path: `/${index}/reads`,
        message: `"${reads}" is not a declared user attribute (userAttributes)`,
      });
    else if (attribute.setBy !== 'administrator' && attribute.preference !== true)
      problems.push({
        in: 'restrictionTypes',
        path: `/${index}/reads`,
        message:
          `"${reads}" is set by users themselves (setBy: '${attribute.setBy}'): anyone could ` +
          `join a "${type}" audience by editing their own profile. A restriction type may read ` +
          `only an attribute administrators set (setBy: 'administrator') or a preference`,
      });
  });
  for (const field of fields)
    if (!Object.hasOwn(attributes, field))
      problems.push({
        in: 'userAttributes',
        path: `/${field}`,
        message: `the profile field "${field}" does not say who sets it`,
      });
  return problems;
}
