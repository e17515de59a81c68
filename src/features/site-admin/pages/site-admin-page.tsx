import { useT } from '@engine/react';
import { ChildPageCards } from '@/shell/link-cards/link-cards';
import { PageHeader } from '@/shell/page/page-header';

/** /settings/site: the site administration landing page. */
export default function SiteAdminPage() {
  const { t } = useT();
  return (
    <section>
      <PageHeader
        title={t('Site administration')}
        lead={t('The settings of the whole site, and the people who use it.')}
      />
      <ChildPageCards label={t('Site administration')} />
    </section>
  );
}
