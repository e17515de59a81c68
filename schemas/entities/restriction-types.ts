import type { RestrictionTypeDeclaration } from '../config/restriction-type.schema';

/**
 * Every audience restriction type, in the order the dialogs offer them. A restriction matches
 * the user attribute its type `reads` (see `userAttributes` in user.schema.ts), so it decides who
 * is shown a storefront section and who may buy a reward: it reads only what users cannot set
 * for themselves, or nobody would be kept out. `npm run validate` and the server's start refuse
 * a type that reads an attribute users set themselves.
 *
 * The dialogs follow SPEC point 5: for registered users language, country, title and
 * organizations take one value and roles several; for unregistered users only language (one)
 * and organizations (several) are offered.
 */
export const restrictionTypeDeclarations = [
  {
    type: 'language',
    label: 'Language',
    // A preference: the language a person reads the portal in, which anyone may choose. A
    // language restriction offers a section or a reward to the readers of that language; a
    // learner who switches to it is such a reader, so it fences nothing off (use organizations,
    // roles, country or title for that).
    reads: 'language',
    options: 'languages',
    dialog: { registered: 'one', unregistered: 'one' },
  },
  {
    type: 'country',
    label: 'Country',
    reads: 'country',
    options: 'countries',
    dialog: { registered: 'one' },
  },
  {
    type: 'title',
    label: 'Title',
    reads: 'title',
    options: 'values',
    dialog: { registered: 'one' },
  },
  {
    type: 'organizations',
    label: 'Organizations',
    reads: 'organizations',
    options: 'organizations',
    dialog: { registered: 'one', unregistered: 'several' },
  },
  {
    type: 'roles',
    label: 'Roles',
    reads: 'roles',
    options: 'roles',
    dialog: { registered: 'several' },
  },
] as const satisfies readonly RestrictionTypeDeclaration[];
