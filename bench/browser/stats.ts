/** The value at quantile `q` (0..1) of `values`, by the nearest-rank method; NaN when empty. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1]!;
}

/** The median of `values` (the mean of the middle two for an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Rounds to `digits` decimals. */
export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** `value / reference`, rounded to two decimals; undefined when the reference is 0 or unknown. */
export function ratioOf(value: number | null, reference: number | undefined): number | undefined {
  if (value === null || reference === undefined || reference === 0) return undefined;
  return round(value / reference, 2);
}
