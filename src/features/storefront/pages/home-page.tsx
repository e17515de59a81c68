import { useT } from '@engine/react';
import { useBranding } from '@/lib/queries/branding';
import { useStorefront } from '@/lib/queries/storefront';
import { isEmptyLayout, LayoutBody } from '../components/layout-body';
import styles from './home-page.module.css';

/** `/` for visitors: the unregistered storefront layout, or a welcome hero when it is empty. */
export default function HomePage() {
  const { t, language } = useT();
  const branding = useBranding();
  const query = { audience: 'unregistered', language } as const;
  const layout = useStorefront(query);
  const siteName = branding.data?.site_name ?? '';
  const welcome = t('Welcome to @site', { site: siteName });
  return (
    <div>
      {isEmptyLayout(layout) ? null : <h1 className="visually-hidden">{welcome}</h1>}
      <LayoutBody layout={layout} query={query} empty={<WelcomeHero title={welcome} />} />
    </div>
  );
}

/** The fallback start page: a welcome with Log in and Sign up. */
function WelcomeHero({ title }: { title: string }) {
  const { t } = useT();
  const branding = useBranding();
  const siteName = branding.data?.site_name ?? '';
  return (
    <section className={styles.hero} aria-labelledby="home-title">
      <h1 id="home-title" className={styles.title}>
        {title}
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
