import { useT } from '@engine/react';
import { Link } from 'react-router';
import { useSession } from '@engine/react';
import { PageHeader } from '@/shell/page/page-header';
import styles from './error-page.module.css';

/** /not-found and any unknown path. */
export default function NotFoundPage() {
  const { t } = useT();
  const { user } = useSession();
  return (
    <section className={styles.page} aria-labelledby="error-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <PageHeader
        title={t('Page not found')}
        lead={t(
          'The page you are looking for does not exist or has moved. Check the address, or start again from the home page.',
        )}
      />
      <Link className={styles.action} to={user ? '/dashboard' : '/'}>
        {user ? t('Go to My overview') : t('Go to the home page')}
      </Link>
    </section>
  );
}
