import { useSession, useT } from '@engine/react';
import { Link } from 'react-router';
import { useWallet } from '@/lib/queries/wallet';
import { PageHeader } from '@/shell/page/page-header';
import styles from './dashboard-page.module.css';

/** /dashboard "My overview": the signed-in start page. */
export default function DashboardPage() {
  const { t, plural } = useT();
  const { user, flags } = useSession();
  const wallet = useWallet(user !== null);
  const name = user?.first_name || user?.full_name || user?.name || '';
  const points = wallet.data?.points;
  return (
    <section>
      <PageHeader
        title={t('My overview')}
        lead={t('Welcome back, @name. Here is where your learning stands.', { name })}
      />
      <div className={styles.grid}>
        <article className={styles.card} aria-labelledby="overview-points">
          <h2 id="overview-points" className={styles.cardTitle}>
            {t('Your points')}
          </h2>
          <p className={styles.figure}>
            {points === undefined ? '…' : plural(points, '@count point', '@count points')}
          </p>
          {flags.incentives_shop_enabled && flags.incentives_shop ? (
            <Link className={styles.link} to="/incentives">
              {t('Spend them in the reward shop')}
            </Link>
          ) : null}
        </article>
        <article className={styles.card} aria-labelledby="overview-profile">
          <h2 id="overview-profile" className={styles.cardTitle}>
            {t('Your profile')}
          </h2>
          <p className={styles.text}>{t('Keep your name, language and time zone up to date.')}</p>
          <Link className={styles.link} to="/user">
            {t('View profile')}
          </Link>
        </article>
      </div>
    </section>
  );
}
