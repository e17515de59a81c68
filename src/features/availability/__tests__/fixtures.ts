import type { Availability, Trainer } from '@schemas/entities/availability.schema';
import type { CurrentUser } from '@schemas/entities/user.schema';

export const trainerUser: CurrentUser = {
  uid: 12,
  name: 'trainer',
  full_name: 'Tarek Trainer',
  first_name: 'Tarek',
  last_name: 'Trainer',
  avatar: null,
  language: 'en',
};

export const trainer = (uid: number, name: string, org = { id: 3, name: 'North' }): Trainer => ({
  uid,
  name: name.toLowerCase(),
  display_name: name,
  avatar: null,
  organizations: [org],
});

export const availability = (over: Partial<Availability> = {}): Availability => ({
  trainer: trainer(12, 'Tarek Trainer'),
  timezone: 'Europe/Berlin',
  lock: null,
  editable: true,
  weekly: [{ weekday: 1, start: '09:00', end: '17:00' }],
  overrides: [],
  entries: [],
  intervals: [],
  ...over,
});
