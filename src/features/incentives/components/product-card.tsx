import { useT } from '@engine/react';
import type { ShopProduct } from '@schemas/entities/incentives.schema';
import { Link } from 'react-router';
import { Icon } from '@/shell/icons/icons';
import { blockedReason } from './blocked';
import styles from './product-card.module.css';

/** One reward in the shop grid: picture, title (the link), price, stock and what blocks it. */
export function ProductCard({
  product,
  points,
}: {
  product: ShopProduct;
  /** The caller's balance, when known. */
  points: number | undefined;
}) {
  const i18n = useT();
  const { t, plural } = i18n;
  const reason = blockedReason(product, points, i18n);
  return (
    <article className={styles.card} data-blocked={reason ? '' : undefined}>
      <div className={styles.media}>
        {product.image.url ? (
          <img
            className={styles.image}
            src={product.image.url}
            alt={product.image.alt}
            loading="lazy"
            width={400}
            height={225}
          />
        ) : (
          <Icon name="gift" size={40} className={styles.placeholder} />
        )}
      </div>
      <div className={styles.body}>
        <h3 className={styles.title} dir="auto">
          <Link to={`/incentives/${product.id}`} className={styles.link}>
            {product.title}
          </Link>
        </h3>
        <p className={styles.price}>
          <Icon name="star" size={18} />
          {plural(product.price, '@count point', '@count points')}
        </p>
        {product.stock_left !== null && product.blocked_by !== 'sold_out' ? (
          <p className={styles.stock}>{plural(product.stock_left, '@count left', '@count left')}</p>
        ) : null}
        {reason ? (
          <p className={styles.blocked}>
            <Icon name="info" size={16} />
            {reason}
          </p>
        ) : null}
        {product.blocked_by === null ? (
          <span className={styles.available}>{t('Available')}</span>
        ) : null}
      </div>
    </article>
  );
}

/** The card's shape while products load. */
export function ProductCardSkeleton() {
  return (
    <div className={`${styles.card} ${styles.skeleton}`} aria-hidden="true">
      <div className={styles.media} />
      <div className={styles.body}>
        <span className={styles.line} />
        <span className={`${styles.line} ${styles.short}`} />
      </div>
    </div>
  );
}
