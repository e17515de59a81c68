import { bracketToDotted, type ApiMessage } from '@engine/core';
import type { WeeklyHours, WeeklyInput } from '@schemas/entities/availability.schema';

/** Hours on one day as the time inputs hold them (`24:00` shows as `00:00`). */
export interface DraftHours {
  start: string;
  end: string;
}

/** The weekly editor's state: index 0 Sunday … 6 Saturday. */
export type WeekDraft = DraftHours[][];

/** Hours a day gets when it is switched on. */
export const DEFAULT_HOURS: DraftHours = { start: '09:00', end: '17:00' };

/** The seven days from `firstDay` (0 Sunday … 6 Saturday). */
export function dayOrder(firstDay: number): number[] {
  return Array.from({ length: 7 }, (_, i) => (firstDay + i) % 7);
}

export function draftFromWeekly(weekly: WeeklyHours[]): WeekDraft {
  const draft: WeekDraft = Array.from({ length: 7 }, () => []);
  const sorted = [...weekly].sort(
    (a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start),
  );
  for (const h of sorted)
    draft[h.weekday]?.push({ start: h.start, end: h.end === '24:00' ? '00:00' : h.end });
  return draft;
}

/** Where each interval of the body came from, so a server path finds its field again. */
export type BodyIndex = { weekday: number; row: number }[];

/**
 * The `PUT …/weekly` body in the order the days are shown, and where each interval came from.
 * An end of `00:00` after a later start means midnight at the end of the day (`24:00`).
 */
export function weeklyBody(
  draft: WeekDraft,
  order: number[],
): { body: WeeklyInput; index: BodyIndex } {
  const hours: WeeklyHours[] = [];
  const index: BodyIndex = [];
  for (const weekday of order) {
    draft[weekday]?.forEach((h, row) => {
      hours.push({ weekday, start: h.start, end: h.end === '00:00' ? '24:00' : h.end });
      index.push({ weekday, row });
    });
  }
  return { body: { hours }, index };
}

/** Key of one time input in the editor. */
export const fieldKey = (weekday: number, row: number, field: 'start' | 'end') =>
  `${weekday}.${row}.${field}`;

/**
 * Server messages by editor field: `hours[2][start]` names the third interval of the body. Messages
 * that name no interval come back under `''`.
 */
export function weeklyFieldErrors(messages: ApiMessage[], index: BodyIndex): Map<string, string> {
  const errors = new Map<string, string>();
  for (const message of messages) {
    const [root, position, field] = bracketToDotted(message.path).split('.');
    const at = root === 'hours' && position !== undefined ? index[Number(position)] : undefined;
    const key = at ? fieldKey(at.weekday, at.row, field === 'end' ? 'end' : 'start') : '';
    if (!errors.has(key)) errors.set(key, message.text);
  }
  return errors;
}

/** Client-side check before saving: each interval must end after it starts. */
export function invalidHours(h: DraftHours): boolean {
  const end = h.end === '00:00' ? '24:00' : h.end;
  return !h.start || !h.end || end <= h.start;
}
