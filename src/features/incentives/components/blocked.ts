import type { Translator } from '@engine/core';
import type { ShopProduct } from '@schemas/entities/incentives.schema';

/**
 * Why the caller cannot buy `product` now, in words, or null when they can. `points` is their
 * balance, when known, to say how many more they need.
 */
export function blockedReason(
  product: Pick<ShopProduct, 'blocked_by' | 'price'>,
  points: number | undefined,
  i18n: Pick<Translator, 't' | 'plural'>,
): string | null {
  switch (product.blocked_by) {
    case null:
      return null;
    case 'sold_out':
      return i18n.t('Sold out');
    case 'limit_reached':
      return i18n.t('You have reached the limit');
    case 'not_enough_points': {
      const missing = points === undefined ? 0 : product.price - points;
      return missing > 0
        ? i18n.plural(missing, '@count more point needed', '@count more points needed')
        : i18n.t('Not enough points');
    }
    default:
      return i18n.t('Not available');
  }
}
