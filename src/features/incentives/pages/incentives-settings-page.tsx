import { useT } from '@engine/react';
import { LinkCards } from '@/shell/link-cards/link-cards';
import { PageHeader } from '@/shell/page/page-header';

/** /settings/incentives: the incentives administration landing page. */
export default function IncentivesSettingsPage() {
  const { t } = useT();
  return (
    <section>
      <PageHeader
        title={t('Incentives settings')}
        lead={t(
          'Reward products, how points are earned and expire, the shop and its transactions.',
        )}
      />
      <LinkCards
        label="Incentives settings"
        cards={[
          {
            title: 'Products',
            description: 'Rewards learners can redeem their points for.',
            to: '/settings/incentives/products',
          },
          {
            title: 'Expiry schedules',
            description: 'When earned points expire.',
            to: '/settings/incentives/schedules',
          },
          {
            title: 'Rules',
            description: 'Which activities earn points, and how many.',
            to: '/settings/incentives/rules',
          },
          {
            title: 'Shop',
            description: 'Banner and other settings of the reward shop.',
            to: '/settings/incentives/shop',
          },
          {
            title: 'Transactions',
            description: 'Every purchase and points change.',
            to: '/settings/incentives/transactions',
          },
        ]}
      />
    </section>
  );
}
