import { useT } from '@engine/react';
import { useBranding } from '@/lib/queries/branding';
import styles from './home-page.module.css';

/** `/` for visitors: the public start page. */
export default function HomePage() {
  const { t } = useT();
  const branding = useBranding();
  const siteName = branding.data?.site_name ?? '';
  return (
    <section className={styles.hero} aria-labelledby="home-title">
      <h1 id="home-title" className={styles.title}>
        {t('Welcome to @site', { site: siteName })}
      </h1>
      <p className={styles.lead}>
        {t(
          'Trainings from @organization, a learning dashboard that keeps your place, and rewards for the progress you make.',
          {
            organization: branding.data?.organization_name ?? siteName,
          },
        )}
      </p>
      <div className={styles.actions}>
        <a className={styles.primary} href={branding.data?.login_url ?? '/user/login'}>
          {t('Log in')}
        </a>
        {branding.data?.signup_url ? (
          <a className={styles.secondary} href={branding.data.signup_url}>
            {t('Sign up')}
          </a>
        ) : null}
      </div>
    </section>
  );
}
