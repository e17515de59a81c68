import { useT } from '@engine/react';
import { Link } from 'react-router';
import { useWallet } from '@/lib/queries/wallet';
import { Icon } from '../icons/icons';
import styles from './header.module.css';

export interface PointsBadgeProps {
  /** Links to the reward shop when true (flag `incentives_shop_enabled`); plain text otherwise. */
  linkToShop: boolean;
}

/** The user's points balance; the last known value shows at once while the server value loads. */
export function PointsBadge({ linkToShop }: PointsBadgeProps) {
  const i18n = useT();
  const { data } = useWallet();
  if (data === undefined) return null;
  const points = data.points;
  const label = i18n.plural(points, '@count point', '@count points');
  const content = (
    <>
      <Icon name="star" size={18} />
      <span className={styles.pointsFull}>{label}</span>
      {/* Narrow screens show the number alone; the full label stays for screen readers. */}
      <span className={styles.pointsCompact} aria-hidden="true">
        {i18n.number(points)}
      </span>
    </>
  );
  return linkToShop ? (
    <Link to="/incentives" className={styles.points}>
      {content}
    </Link>
  ) : (
    <span className={styles.points} data-static="">
      {content}
    </span>
  );
}
