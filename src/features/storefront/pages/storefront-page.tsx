import { useSession, useT } from '@engine/react';
import { Link } from 'react-router';
import { useStorefront } from '@/lib/queries/storefront';
import { LayoutBody } from '../components/layout-body';
import { EmptyState } from '@/shell/states/states';
import styles from './storefront-page.module.css';

/** `/storefront`: the caller's storefront layout. For a visitor the title leads back to `/`. */
export default function StorefrontPage() {
  const { t, language } = useT();
  const { user } = useSession();
  const query = { language };
  const layout = useStorefront(query);
  const title = t('Storefront');
  return (
    <div>
      <header className={styles.header}>
        <h1 className={styles.title}>
          {user ? (
            title
          ) : (
            <Link to="/" className={styles.titleLink}>
              {title}
            </Link>
          )}
        </h1>
      </header>
      <LayoutBody
        layout={layout}
        query={query}
        empty={
          <EmptyState
            title={t('Nothing here yet.')}
            action={
              <Link className={styles.action} to="/trainings">
                {t('Browse all trainings')}
              </Link>
            }
          >
            <p>{t('The storefront has no sections for you yet.')}</p>
          </EmptyState>
        }
      />
    </div>
  );
}
