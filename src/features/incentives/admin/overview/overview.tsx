import { useT } from '@engine/react';
import type { IncentivesOverview as Overview } from '@schemas/entities/incentives.schema';
import { ruleTypes } from '@schemas/incentives/rule-types';
import { useState } from 'react';
import { useIncentivesOverview, type OverviewMonths } from '@/lib/queries/incentives-overview';
import { OverviewSection } from '@/shell/overview/overview-section';
import shared from '@/shell/overview/overview.module.css';
import { RankedPanel, barScale } from '@/shell/overview/ranked-list';
import { WeeklyPanel } from '@/shell/overview/weekly-panel';
import styles from './overview.module.css';

const MONTHS: readonly OverviewMonths[] = [6, 12];

/**
 * The incentives overview for administrators: points issued, redeemed and expired per week
 * (chart, table and a sentence), points outstanding and expiring soon, the top rewards and
 * earning rules, and a caution when the cheat guard held awards back.
 */
export function IncentivesOverview() {
  const { t } = useT();
  const [months, setMonths] = useState<OverviewMonths>(6);
  const overview = useIncentivesOverview(months);
  return (
    <OverviewSection
      title={t('Overview')}
      months={{ choices: MONTHS, value: months, onChange: setMonths }}
      query={overview}
      placeholderFigures={2}
    >
      {(data) => <OverviewBody data={data} />}
    </OverviewSection>
  );
}

function OverviewBody({ data }: { data: Overview }) {
  const i18n = useT();
  const { t } = i18n;
  const summary = t(
    'Over the last @months months @issued points were issued, @redeemed redeemed and @expired expired.',
    {
      months: data.months,
      issued: i18n.number(data.totals.issued),
      redeemed: i18n.number(data.totals.redeemed),
      expired: i18n.number(data.totals.expired),
    },
  );
  const ruleLabel = (rule: string) => {
    const declared = ruleTypes.find((r) => r.type === rule);
    return declared ? t(declared.label) : rule;
  };
  const mostRedemptions = barScale(data.top_rewards.map((r) => r.redemptions));
  const mostPoints = barScale(data.top_rules.map((r) => r.points));

  return (
    <>
      {data.held.awards > 0 ? (
        <div className={styles.caution} role="note">
          <p className={styles.cautionTitle}>
            {i18n.plural(
              data.held.awards,
              'The cheat guard held back @count award in this period.',
              'The cheat guard held back @count awards in this period.',
            )}
          </p>
          <p>
            {t('Held back by rule: @rules.', {
              rules: data.held.rules
                .map((r) => `${ruleLabel(r.rule)} (${i18n.number(r.awards)})`)
                .join(t(', ')),
            })}
          </p>
        </div>
      ) : null}

      <dl className={shared.figures}>
        <div className={shared.figure}>
          <dt>{t('Points outstanding')}</dt>
          <dd data-figure="outstanding">{i18n.number(data.outstanding)}</dd>
        </div>
        <div className={shared.figure}>
          <dt>{t('Expiring in the next 30 days')}</dt>
          <dd data-figure="expiring">{i18n.number(data.expiring_soon)}</dd>
        </div>
      </dl>

      <WeeklyPanel
        title={t('Points per week')}
        summary={summary}
        weeks={data.weeks.map((w) => w.week)}
        lines={[
          {
            label: t('Issued'),
            values: data.weeks.map((w) => w.issued),
            total: data.totals.issued,
          },
          {
            label: t('Redeemed'),
            values: data.weeks.map((w) => w.redeemed),
            total: data.totals.redeemed,
          },
          {
            label: t('Expired'),
            values: data.weeks.map((w) => w.expired),
            total: data.totals.expired,
          },
        ]}
        empty={{
          title: t('No points have moved in this period yet.'),
          text: t('Points appear here once learners earn, spend or lose them.'),
        }}
      />

      <div className={shared.rankings}>
        <RankedPanel
          title={t('Top rewards by redemptions')}
          empty={t('No rewards were redeemed in this period.')}
          items={data.top_rewards.map((r) => ({
            key: String(r.product_id),
            label: r.title,
            text: i18n.plural(r.redemptions, '@count redemption', '@count redemptions'),
            share: r.redemptions / mostRedemptions,
          }))}
        />
        <RankedPanel
          title={t('Top earning rules')}
          empty={t('No rule awarded points in this period.')}
          items={data.top_rules.map((r) => ({
            key: r.rule,
            label: ruleLabel(r.rule),
            text: i18n.plural(r.points, '@count point', '@count points'),
            share: r.points / mostPoints,
          }))}
        />
      </div>
    </>
  );
}
