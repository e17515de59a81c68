import { useT } from '@engine/react';
import type { Order } from '@schemas/entities/incentives.schema';
import { Link, Navigate, useLocation } from 'react-router';
import { Icon } from '@/shell/icons/icons';
import { PageHeader } from '@/shell/page/page-header';
import buttons from '../components/buttons.module.css';
import styles from './purchase-success-page.module.css';

/** The order from the navigation state, when the page was reached through a checkout. */
function orderOf(state: unknown): Order | null {
  if (typeof state !== 'object' || state === null || !('order' in state)) return null;
  const { order } = state;
  if (typeof order !== 'object' || order === null) return null;
  const o = order as Partial<Order>;
  return Array.isArray(o.items) && typeof o.balance_after === 'number' ? (order as Order) : null;
}

/**
 * /incentives/purchase-success: the thank-you page after checkout, showing the order the
 * checkout answered with. Opened without one (typed, bookmarked, or in a new tab), there is
 * nothing to thank for: it goes to the shop.
 */
export default function PurchaseSuccessPage() {
  const { t, plural } = useT();
  const order = orderOf(useLocation().state);
  if (!order) return <Navigate to="/incentives" replace />;
  return (
    <section className={styles.page}>
      <div className={styles.icon} aria-hidden="true">
        <Icon name="check-circle" size={48} />
      </div>
      <PageHeader
        title={t('Thank you for your purchase')}
        lead={t('Your order number is @id.', { id: order.id })}
      />
      <div className={styles.summary}>
        <h2 className={styles.heading}>{t('What you redeemed')}</h2>
        <ul className={styles.items}>
          {order.items.map((item, index) => (
            <li key={`${item.product_id ?? 'x'}-${index}`}>
              <span dir="auto">
                {item.quantity > 1
                  ? t('@title × @quantity', { title: item.title, quantity: item.quantity })
                  : item.title}
              </span>
              <span className={styles.price}>
                {plural(item.price * item.quantity, '@count point', '@count points')}
              </span>
            </li>
          ))}
        </ul>
        <p className={styles.total}>
          <span>{t('Points spent')}</span>
          <span>{plural(order.total, '@count point', '@count points')}</span>
        </p>
        <p className={styles.balance}>
          {plural(
            order.balance_after,
            'Your new balance: @count point',
            'Your new balance: @count points',
          )}
        </p>
      </div>
      <div className={styles.actions}>
        <Link className={buttons.primary} to="/incentives">
          {t('Back to the shop')}
        </Link>
        <Link className={buttons.secondary} to="/dashboard">
          {t('My overview')}
        </Link>
      </div>
    </section>
  );
}
