import type { Translator } from '@engine/core';

/** A training's length for people: "45 min", "2 h", "1 h 20 min". */
export function formatMinutes(t: Translator['t'], total: number): string {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (hours === 0) return t('@minutes min', { minutes });
  if (minutes === 0) return t('@hours h', { hours });
  return t('@hours h @minutes min', { hours, minutes });
}
