import { useT } from '@engine/react';
import { LinkCards } from '@/shell/link-cards/link-cards';
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
      <LinkCards
        label="Site administration"
        cards={[
          {
            title: 'Site settings',
            description: 'Names, sign-in links, features, logo and background.',
            to: '/settings/site/settings',
          },
          {
            title: 'Users',
            description: 'Find people by name, role or organization, and edit their profiles.',
            to: '/settings/site/users',
          },
        ]}
      />
    </section>
  );
}
