import { useFormatDate, useSession, useT } from '@engine/react';
import type { PointsHistory } from '@schemas/entities/incentives.schema';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import type { OverviewMonths } from '@/lib/queries/incentives-overview';
import { usePointsHistory } from '@/lib/queries/points-history';
import { PageHeader } from '@/shell/page/page-header';
import { EmptyState, ErrorState } from '@/shell/states/states';
import buttons from '../components/buttons.module.css';
import styles from './points-page.module.css';

/** The chart is drawn by a library only charts need: it loads with the page's data. */
const PointsChart = lazy(() => import('./points-chart'));

const MONTHS: readonly OverviewMonths[] = [6, 12];

/** A week's first day (a UTC date) as an instant in that day in any time zone. */
const weekInstant = (week: string) => `${week}T12:00:00Z`;

/**
 * /points "My points": the signed-in learner's balance, their points earned, spent and expired
 * per week (chart, table and a sentence) over the last 6 or 12 months, and when their points
 * expire.
 */
export default function PointsPage() {
  const i18n = useT();
  const { t } = i18n;
  const { flags } = useSession();
  const [months, setMonths] = useState<OverviewMonths>(6);
  const history = usePointsHistory(months);
  const shopLink = flags.incentives_shop_enabled && flags.incentives_shop;
  return (
    <div className={styles.page}>
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
      <div className={styles.toggle} role="group" aria-label={t('Period')}>
        {MONTHS.map((m) => (
          <button
            key={m}
            type="button"
            aria-pressed={months === m}
            className={styles.toggleButton}
            onClick={() => setMonths(m)}
          >
            {i18n.plural(m, 'Last @count month', 'Last @count months')}
          </button>
        ))}
      </div>
      {history.isPending ? (
        <HistorySkeleton />
      ) : history.isError ? (
        <ErrorState
          message={t('Your points history could not be loaded.')}
          onRetry={() => void history.refetch()}
        />
      ) : (
        <HistoryBody data={history.data} busy={history.isPlaceholderData} />
      )}
    </div>
  );
}

function HistorySkeleton() {
  const { t } = useT();
  return (
    <div className={styles.skeleton} role="status" aria-busy="true">
      <span className="visually-hidden">{t('Loading your points history…')}</span>
      <div className={styles.figures}>
        <div className={styles.skeletonBlock} />
        <div className={styles.skeletonBlock} />
      </div>
      <div className={`${styles.skeletonBlock} ${styles.skeletonChart}`} />
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

function HistoryBody({ data, busy }: { data: PointsHistory; busy: boolean }) {
  const i18n = useT();
  const { t } = i18n;
  const formatDate = useFormatDate();
  const chartTitleId = useId();
  const weeksCaptionId = useId();
  const expiriesTitleId = useId();
  const moved = data.totals.earned + data.totals.spent + data.totals.expired > 0;
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

  return (
    <div className={styles.body} aria-busy={busy}>
      <dl className={styles.figures}>
        <div className={styles.figure}>
          <dt>{t('Your balance')}</dt>
          <dd data-figure="points">{i18n.plural(data.points, '@count point', '@count points')}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{t('Points with an expiry date')}</dt>
          <dd data-figure="expiring">
            {i18n.plural(data.expiring, '@count point', '@count points')}
          </dd>
        </div>
      </dl>

      <section className={styles.panel} aria-labelledby={chartTitleId}>
        <h2 id={chartTitleId} className={styles.panelHeading}>
          {t('Points per week')}
        </h2>
        <p className={styles.muted} data-summary="">
          {summary}
        </p>
        {moved ? (
          <>
            <Suspense
              fallback={<div className={`${styles.skeletonBlock} ${styles.skeletonChart}`} />}
            >
              <PointsChart weeks={data.weeks} label={summary} />
            </Suspense>
            <details className={styles.tableDisclosure}>
              <summary>{t('Show as table')}</summary>
              {/* Scrolls on its own when long: a tab stop, named by the table's caption. */}
              <div
                className={styles.tableScroll}
                tabIndex={0}
                role="region"
                aria-labelledby={weeksCaptionId}
              >
                <table className={styles.table}>
                  <caption id={weeksCaptionId} className="visually-hidden">
                    {t('Points per week')}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('Week of')}</th>
                      <th scope="col">{t('Earned')}</th>
                      <th scope="col">{t('Spent')}</th>
                      <th scope="col">{t('Expired')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.weeks.map((w) => (
                      <tr key={w.week}>
                        <th scope="row">{formatDate(weekInstant(w.week), 'j M Y')}</th>
                        <td>{i18n.number(w.earned)}</td>
                        <td>{i18n.number(w.spent)}</td>
                        <td>{i18n.number(w.expired)}</td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row">{t('Total')}</th>
                      <td>{i18n.number(data.totals.earned)}</td>
                      <td>{i18n.number(data.totals.spent)}</td>
                      <td>{i18n.number(data.totals.expired)}</td>
                    </tr>
                  </tfoot>
                </table>
              </div>
            </details>
          </>
        ) : (
          <EmptyState title={t('Your points have not moved in this period.')}>
            {t('Points appear here once you earn or spend them.')}
          </EmptyState>
        )}
      </section>

      <section className={styles.panel} aria-labelledby={expiriesTitleId}>
        <h2 id={expiriesTitleId} className={styles.panelHeading}>
          {t('Upcoming expiries')}
        </h2>
        {days.length === 0 ? (
          <p className={styles.muted}>{t('None of your points have an expiry date.')}</p>
        ) : (
          <>
            <table className={styles.table} aria-labelledby={expiriesTitleId}>
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
              <p className={styles.muted}>
                {i18n.plural(
                  data.expiring - listed,
                  '@count more point expires later.',
                  '@count more points expire later.',
                )}
              </p>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
