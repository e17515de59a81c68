import { useFormatDate, useT } from '@engine/react';
import type { IncentivesOverview as Overview } from '@schemas/entities/incentives.schema';
import { ruleTypes } from '@schemas/incentives/rule-types';
import { lazy, Suspense, useId, useState } from 'react';
import { useIncentivesOverview, type OverviewMonths } from '@/lib/queries/incentives-overview';
import { EmptyState, ErrorState } from '@/shell/states/states';
import styles from './overview.module.css';

/** The chart is drawn by a library only this page needs: it loads with the page's data. */
const WeeklyChart = lazy(() => import('@/shell/charts/weekly-chart'));

const MONTHS: readonly OverviewMonths[] = [6, 12];

/** A week's first day (a UTC date) as an instant in that day in any time zone. */
const weekInstant = (week: string) => `${week}T12:00:00Z`;

/**
 * The incentives overview for administrators: points issued, redeemed and expired per week
 * (chart, table and a sentence), points outstanding and expiring soon, the top rewards and
 * earning rules, and a caution when the cheat guard held awards back.
 */
export function IncentivesOverview() {
  const i18n = useT();
  const { t } = i18n;
  const [months, setMonths] = useState<OverviewMonths>(6);
  const overview = useIncentivesOverview(months);
  const headingId = useId();
  return (
    <section className={styles.overview} aria-labelledby={headingId}>
      <div className={styles.top}>
        <h2 id={headingId} className={styles.heading}>
          {t('Overview')}
        </h2>
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
      </div>
      {overview.isPending ? (
        <OverviewSkeleton />
      ) : overview.isError ? (
        <ErrorState
          message={t('The overview could not be loaded.')}
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <OverviewBody data={overview.data} busy={overview.isPlaceholderData} />
      )}
    </section>
  );
}

function OverviewSkeleton() {
  const { t } = useT();
  return (
    <div className={styles.skeleton} role="status" aria-busy="true">
      <span className={styles.visuallyHidden}>{t('Loading the overview…')}</span>
      <div className={styles.figures}>
        <div className={styles.skeletonBlock} />
        <div className={styles.skeletonBlock} />
      </div>
      <div className={`${styles.skeletonBlock} ${styles.skeletonChart}`} />
    </div>
  );
}

function OverviewBody({ data, busy }: { data: Overview; busy: boolean }) {
  const i18n = useT();
  const { t } = i18n;
  const formatDate = useFormatDate();
  const chartTitleId = useId();
  const captionId = useId();
  const moved = data.totals.issued + data.totals.redeemed + data.totals.expired > 0;
  const summary = t(
    'Over the last @months months @issued points were issued, @redeemed redeemed and @expired expired.',
    {
      months: data.months,
      issued: i18n.number(data.totals.issued),
      redeemed: i18n.number(data.totals.redeemed),
      expired: i18n.number(data.totals.expired),
    },
  );
  const lines = [
    { label: t('Issued'), values: data.weeks.map((w) => w.issued) },
    { label: t('Redeemed'), values: data.weeks.map((w) => w.redeemed) },
    { label: t('Expired'), values: data.weeks.map((w) => w.expired) },
  ];
  const ruleLabel = (rule: string) => {
    const declared = ruleTypes.find((r) => r.type === rule);
    return declared ? t(declared.label) : rule;
  };

  return (
    <div className={styles.body} aria-busy={busy}>
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

      <dl className={styles.figures}>
        <div className={styles.figure}>
          <dt>{t('Points outstanding')}</dt>
          <dd data-figure="outstanding">{i18n.number(data.outstanding)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{t('Expiring in the next 30 days')}</dt>
          <dd data-figure="expiring">{i18n.number(data.expiring_soon)}</dd>
        </div>
      </dl>

      <div className={styles.panel}>
        <h3 id={chartTitleId} className={styles.panelHeading}>
          {t('Points per week')}
        </h3>
        <p className={styles.summary} data-summary="">
          {summary}
        </p>
        {moved ? (
          <>
            <Suspense
              fallback={<div className={`${styles.skeletonBlock} ${styles.skeletonChart}`} />}
            >
              <WeeklyChart weeks={data.weeks.map((w) => w.week)} lines={lines} label={summary} />
            </Suspense>
            <details className={styles.tableDisclosure}>
              <summary>{t('Show as table')}</summary>
              {/* Scrolls on its own when long: a tab stop, named by the table's caption. */}
              <div
                className={styles.tableScroll}
                tabIndex={0}
                role="region"
                aria-labelledby={captionId}
              >
                <table className={styles.table}>
                  <caption id={captionId} className={styles.visuallyHidden}>
                    {t('Points per week')}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('Week of')}</th>
                      <th scope="col">{t('Issued')}</th>
                      <th scope="col">{t('Redeemed')}</th>
                      <th scope="col">{t('Expired')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.weeks.map((w) => (
                      <tr key={w.week}>
                        <th scope="row">{formatDate(weekInstant(w.week), 'j M Y')}</th>
                        <td>{i18n.number(w.issued)}</td>
                        <td>{i18n.number(w.redeemed)}</td>
                        <td>{i18n.number(w.expired)}</td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row">{t('Total')}</th>
                      <td>{i18n.number(data.totals.issued)}</td>
                      <td>{i18n.number(data.totals.redeemed)}</td>
                      <td>{i18n.number(data.totals.expired)}</td>
                    </tr>
                  </tfoot>
                </table>
              </div>
            </details>
          </>
        ) : (
          <EmptyState title={t('No points have moved in this period yet.')}>
            {t('Points appear here once learners earn, spend or lose them.')}
          </EmptyState>
        )}
      </div>

      <div className={styles.rankings}>
        <RankedList
          title={t('Top rewards by redemptions')}
          empty={t('No rewards were redeemed in this period.')}
          items={data.top_rewards.map((r) => ({
            key: String(r.product_id),
            label: r.title,
            value: r.redemptions,
            text: i18n.plural(r.redemptions, '@count redemption', '@count redemptions'),
          }))}
        />
        <RankedList
          title={t('Top earning rules')}
          empty={t('No rule awarded points in this period.')}
          items={data.top_rules.map((r) => ({
            key: r.rule,
            label: ruleLabel(r.rule),
            value: r.points,
            text: i18n.plural(r.points, '@count point', '@count points'),
          }))}
        />
      </div>
    </div>
  );
}

interface Ranked {
  key: string;
  label: string;
  value: number;
  /** The value as read out, with its unit. */
  text: string;
}

/** A ranked list whose bars show each value against the first. */
function RankedList({ title, empty, items }: { title: string; empty: string; items: Ranked[] }) {
  const headingId = useId();
  const most = Math.max(1, ...items.map((i) => i.value));
  return (
    <div className={styles.panel}>
      <h3 id={headingId} className={styles.panelHeading}>
        {title}
      </h3>
      {items.length === 0 ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <ol className={styles.ranked} aria-labelledby={headingId}>
          {items.map((item) => (
            <li key={item.key} className={styles.rankedItem}>
              <span className={styles.rankedLabel}>{item.label}</span>
              <span className={styles.rankedValue}>{item.text}</span>
              <span className={styles.bar} aria-hidden="true">
                <span
                  className={styles.barFill}
                  style={{ inlineSize: `${(item.value / most) * 100}%` }}
                />
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
