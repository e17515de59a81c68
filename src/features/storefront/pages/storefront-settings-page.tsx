import { useT } from '@engine/react';
import { LinkCards } from '@/shell/link-cards/link-cards';
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
      <LinkCards
        label="Storefront settings"
        cards={[
          {
            title: 'Appearance',
            description: 'Logo, colours, fonts, roundness, favicon and site background.',
            to: '/settings/storefront/appearance',
          },
          {
            title: 'Registered users',
            description: 'Sections of the storefront for signed-in learners.',
            to: '/settings/storefront/registered',
          },
          {
            title: 'Unregistered users',
            description: 'Sections of the public storefront for visitors.',
            to: '/settings/storefront/unregistered',
          },
        ]}
      />
    </section>
  );
}
