import { useT } from '@engine/react';
import { useAppearance } from '@/lib/queries/appearance';
import { useBranding } from '@/lib/queries/branding';
import { BackLink } from '@/shell/back-link/back-link';
import { PageHeader } from '@/shell/page/page-header';
import { ErrorState } from '@/shell/states/states';
import { AppearanceEditor } from './appearance-editor';
import styles from './storefront-appearance-page.module.css';

/** /settings/storefront/appearance: the theme editor (logo, colours, fonts, roundness…). */
export default function StorefrontAppearancePage() {
  const { t } = useT();
  const appearance = useAppearance();
  const branding = useBranding();
  const siteName = branding.data?.site_name ?? '';

  return (
    <div className={styles.page}>
      <BackLink title={t('Storefront settings')} url="/settings/storefront" />
      {appearance.data ? (
        <AppearanceEditor stored={appearance.data} siteName={siteName} />
      ) : (
        <>
          <PageHeader title={t('Appearance')} />
          {appearance.isError ? (
            <ErrorState
              message={t('The appearance settings could not be loaded.')}
              onRetry={() => void appearance.refetch()}
            />
          ) : (
            <p role="status" className={styles.loading}>
              {t('Loading')}
            </p>
          )}
        </>
      )}
    </div>
  );
}
