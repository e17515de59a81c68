import { useT } from '@engine/react';
import { ChildPageCards } from '@/shell/link-cards/link-cards';
import { PageHeader } from '@/shell/page/page-header';

/** /settings/storefront: the storefront administration landing page. */
export default function StorefrontSettingsPage() {
  const { t } = useT();
  return (
    <section>
      <PageHeader
        title={t('Storefront settings')}
        lead={t('Shape what visitors and learners see on the catalogue home page.')}
      />
      <ChildPageCards label={t('Storefront settings')} />
    </section>
  );
}
