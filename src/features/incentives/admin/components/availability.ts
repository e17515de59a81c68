import type { Product } from '@schemas/entities/incentives.schema';

type Formatter = (value: string, format?: string) => string;
type T = (source: string, args?: Record<string, string | number>) => string;

/** The availability window of a product in words ("Always", "From …", "Until …", "… – …"). */
export function availabilityText(
  product: Pick<Product, 'available_from' | 'available_until'>,
  t: T,
  formatDate: Formatter,
): string {
  const from = product.available_from ? formatDate(product.available_from, 'j M Y') : null;
  const until = product.available_until ? formatDate(product.available_until, 'j M Y') : null;
  if (from && until) return t('@from to @until', { from, until });
  if (from) return t('From @date', { date: from });
  if (until) return t('Until @date', { date: until });
  return t('Always');
}
