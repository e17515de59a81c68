import { useT } from '@engine/react';
import { PageHeader } from '@/shell/page/page-header';
import styles from './shop-page.module.css';

/** /incentives: the reward shop. */
export default function ShopPage() {
  const { t } = useT();
  return (
    <section>
      <PageHeader title={t('Reward shop')} lead={t('Redeem your points for rewards.')} />
      <div className={styles.empty} role="status">
        <p className={styles.emptyTitle}>{t('No rewards are available yet.')}</p>
        <p>
          {t(
            'Keep learning to collect points; rewards will appear here as soon as they are published.',
          )}
        </p>
      </div>
    </section>
  );
}
