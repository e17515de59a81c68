import type { Translator } from '@engine/core';

/** A training's length for people: "45 min", "2 h", "1 h 20 min". */
export function formatMinutes(t: Translator['t'], total: number): string {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (hours === 0) return t('@minutes min', { minutes });
  if (minutes === 0) return t('@hours h', { hours });
  return t('@hours h @minutes min', { hours, minutes });
}

/** A video's length as m:ss (or h:mm:ss). */
export function formatClock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** ISO 8601 duration for `<time dateTime>`. */
export function isoDuration(seconds: number): string {
  return `PT${Math.floor(seconds / 60)}M${seconds % 60}S`;
}
