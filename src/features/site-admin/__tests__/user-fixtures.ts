import type { Language } from '@schemas/entities/language.schema';
import type { Role } from '@schemas/entities/site-admin.schema';
import type { CurrentUser } from '@schemas/entities/user.schema';
import { http, HttpResponse } from 'msw';
import { meta } from './fixtures';

export const roles: Role[] = [
  { name: 'anonymous', label: 'Anonymous user', weight: 0, flags: [], assignable: false },
  { name: 'authenticated', label: 'Authenticated user', weight: 1, flags: [], assignable: false },
  { name: 'learner', label: 'Learner', weight: 2, flags: [], assignable: true },
  { name: 'trainer', label: 'Trainer', weight: 3, flags: [], assignable: true },
  { name: 'auditor', label: 'Auditor', weight: 4, flags: [], assignable: true },
  { name: 'administrator', label: 'Administrator', weight: 9, flags: [], assignable: true },
];

export const languages: Language[] = [
  { langcode: 'en', name: 'English', native_name: 'English', direction: 0, weight: 0 },
  { langcode: 'ar', name: 'Arabic', native_name: 'العربية', direction: 1, weight: 1 },
];

/** `GET users/7` of a learner in Northwind. */
export const lena: CurrentUser = {
  uid: 7,
  name: 'lena',
  full_name: 'Lena Schmidt',
  first_name: 'Lena',
  last_name: 'Schmidt',
  avatar: null,
  language: 'en',
  timezone: 'Europe/Berlin',
  roles: ['authenticated', 'learner'],
  profile: { first_name: 'Lena', last_name: 'Schmidt', title: 'Nurse', country: 'DE' },
};

/** Answers for the roles, organizations and languages every user form loads. */
export const choiceHandlers = [
  http.get('*/api/v2/roles', () => HttpResponse.json({ data: roles })),
  http.get('*/api/v2/organizations', () =>
    HttpResponse.json({
      data: [
        { id: 3, name: 'Northwind' },
        { id: 4, name: 'Contoso' },
      ],
      meta: meta(2, 0, 100),
    }),
  ),
  http.get('*/api/v2/languages', () => HttpResponse.json({ data: languages })),
  http.get('*/api/v2/settings', ({ request }) =>
    new URL(request.url).searchParams.get('type') === 'countries'
      ? HttpResponse.json({
          data: {
            countries: [
              { code: 'DE', name: 'Germany' },
              { code: 'NL', name: 'Netherlands' },
            ],
            default_country: 'NL',
          },
        })
      : HttpResponse.json({ message: 'Not found' }, { status: 404 }),
  ),
];
