import { useFormatDate, useSession, useT } from '@engine/react';
import type { PointsHistory } from '@schemas/entities/incentives.schema';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { OverviewMonths } from '@/lib/queries/incentives-overview';
import { usePointsHistory } from '@/lib/queries/points-history';
import { OverviewSection } from '@/shell/overview/overview-section';
import overview from '@/shell/overview/overview.module.css';
import { WeeklyPanel } from '@/shell/overview/weekly-panel';
import { PageHeader } from '@/shell/page/page-header';
import buttons from '../components/buttons.module.css';

const MONTHS: readonly OverviewMonths[] = [6, 12];

/**
 * /points "My points": the signed-in learner's balance, their points earned, spent and expired
 * per week (chart, table and a sentence) over the last 6 or 12 months, and when their points
 * expire.
 */
export default function PointsPage() {
  const { t } = useT();
  const { flags } = useSession();
  const [months, setMonths] = useState<OverviewMonths>(6);
  const history = usePointsHistory(months);
  const shopLink = flags.incentives_shop_enabled && flags.incentives_shop;
  return (
    <div>
      <PageHeader
        title={t('My points')}
        lead={t('What you earned, spent and lost to expiry, and when your points expire.')}
        actions={
          shopLink ? (
            <Link className={buttons.primary} to="/incentives">
              {t('Spend them in the reward shop')}
            </Link>
          ) : undefined
        }
      />
      <OverviewSection
        title={t('Your points history')}
        months={{ choices: MONTHS, value: months, onChange: setMonths }}
        query={history}
        errorMessage={t('Your points history could not be loaded.')}
      >
        {(data) => <HistoryBody data={data} />}
      </OverviewSection>
    </div>
  );
}

/** Expiries on one day (as the reader's calendar has it) are one row. */
function expiryDays(expiries: PointsHistory['expiries'], dayOf: (at: string) => string) {
  const days: { day: string; points: number }[] = [];
  for (const expiry of expiries) {
    const day = dayOf(expiry.at);
    const last = days.at(-1);
    if (last?.day === day) last.points += expiry.points;
    else days.push({ day, points: expiry.points });
  }
  return days;
}

function HistoryBody({ data }: { data: PointsHistory }) {
  const i18n = useT();
  const { t } = i18n;
  const formatDate = useFormatDate();
  const expiriesTitleId = useId();
  const summary = t(
    'Over the last @months months you earned @earned points, spent @spent and lost @expired to expiry.',
    {
      months: data.months,
      earned: i18n.number(data.totals.earned),
      spent: i18n.number(data.totals.spent),
      expired: i18n.number(data.totals.expired),
    },
  );
  const days = expiryDays(data.expiries, (at) => formatDate(at, 'j M Y'));
  const listed = data.expiries.reduce((n, e) => n + e.points, 0);
  const column = (key: 'earned' | 'spent' | 'expired') => ({
    values: data.weeks.map((w) => w[key]),
    total: data.totals[key],
  });

  return (
    <>
      <dl className={overview.figures}>
        <div className={overview.figure}>
          <dt>{t('Your balance')}</dt>
          <dd data-figure="points">{i18n.plural(data.points, '@count point', '@count points')}</dd>
        </div>
        <div className={overview.figure}>
          <dt>{t('Points with an expiry date')}</dt>
          <dd data-figure="expiring">
            {i18n.plural(data.expiring, '@count point', '@count points')}
          </dd>
        </div>
      </dl>

      <WeeklyPanel
        title={t('Points per week')}
        summary={summary}
        weeks={data.weeks.map((w) => w.week)}
        lines={[
          { label: t('Earned'), ...column('earned') },
          { label: t('Spent'), ...column('spent') },
          { label: t('Expired'), ...column('expired') },
        ]}
        empty={{
          title: t('Your points have not moved in this period.'),
          text: t('Points appear here once you earn or spend them.'),
        }}
      />

      <div className={overview.panel}>
        <h3 id={expiriesTitleId} className={overview.panelHeading}>
          {t('Upcoming expiries')}
        </h3>
        {days.length === 0 ? (
          <p className={overview.muted}>{t('None of your points have an expiry date.')}</p>
        ) : (
          <>
            <table className={overview.table} aria-labelledby={expiriesTitleId}>
              <thead>
                <tr>
                  <th scope="col">{t('Expires on')}</th>
                  <th scope="col">{t('Points')}</th>
                </tr>
              </thead>
              <tbody>
                {days.map((d) => (
                  <tr key={d.day}>
                    <th scope="row">{d.day}</th>
                    <td>{i18n.number(d.points)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {data.expiring > listed ? (
              <p className={overview.muted}>
                {i18n.plural(
                  data.expiring - listed,
                  '@count more point expires later.',
                  '@count more points expire later.',
                )}
              </p>
            ) : null}
          </>
        )}
      </div>
    </>
  );
}
