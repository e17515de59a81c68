import { useSession, useT } from '@engine/react';
import { Link } from 'react-router';
import { PageHeader } from '@/shell/page/page-header';
import styles from './error-page.module.css';

/** /denied: a 403 answer or a switched-off feature. */
export default function DeniedPage() {
  const { t } = useT();
  const { user } = useSession();
  return (
    <section className={styles.page}>
      <p className={styles.code} aria-hidden="true">
        403
      </p>
      <PageHeader
        title={t('Access denied')}
        lead={t(
          'You do not have access to this page. If you think you should, ask your site administrator.',
        )}
      />
      <Link className={styles.action} to={user ? '/dashboard' : '/user/login'}>
        {user ? t('Go to My overview') : t('Log in')}
      </Link>
    </section>
  );
}
