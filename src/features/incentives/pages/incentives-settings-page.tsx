import { useT } from '@engine/react';
import { ChildPageCards } from '@/shell/link-cards/link-cards';
import { PageHeader } from '@/shell/page/page-header';
import { IncentivesOverview } from '../admin/overview/overview';

/** /settings/incentives: the incentives administration landing page, its overview first. */
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
      <IncentivesOverview />
      <ChildPageCards label={t('Incentives settings')} />
    </section>
  );
}
