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
            description:
              'Find people, create accounts, set roles and passwords, block, or act as someone.',
            to: '/settings/site/users',
          },
          {
            title: 'Roles and access',
            description: 'Which role may do what: the access flags of every role.',
            to: '/settings/site/access',
          },
          {
            title: 'Languages',
            description: 'The languages of the site, their order and direction, and translations.',
            to: '/settings/site/languages',
          },
          {
            title: 'Footer',
            description: 'The links and text at the bottom of every page.',
            to: '/settings/site/footer',
          },
          {
            title: 'Cookie disclaimer',
            description: 'The cookie banner’s text, shown again to everyone when it changes.',
            to: '/settings/site/cookies',
          },
          {
            title: 'Audit log',
            description: 'Who changed what, and when, across the administration screens.',
            to: '/settings/site/audit',
          },
        ]}
      />
    </section>
  );
}
