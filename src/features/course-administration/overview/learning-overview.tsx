import { useFormatDate, useT } from '@engine/react';
import type { LearningOverview as Overview } from '@schemas/entities/learning-overview.schema';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { useLearningOverview, type LearningOverviewMonths } from '@/lib/queries/learning-overview';
import { EmptyState, ErrorState } from '@/shell/states/states';
import styles from './learning-overview.module.css';

/** The chart is drawn by a library only overview pages need: it loads with the page's data. */
const WeeklyChart = lazy(() => import('@/shell/charts/weekly-chart'));

const MONTHS: readonly LearningOverviewMonths[] = [6, 12];

/** A week's first day (a UTC date) as an instant in that day in any time zone. */
const weekInstant = (week: string) => `${week}T12:00:00Z`;

/** The share of subscriptions completed, 0 to 1 (0 without subscriptions). */
const rateOf = (counts: { subscriptions: number; completions: number }) =>
  counts.subscriptions > 0 ? counts.completions / counts.subscriptions : 0;

/** A rate as a whole percentage in the interface's language. */
function usePercent() {
  const i18n = useT();
  return (rate: number) => i18n.t('@percent%', { percent: i18n.number(Math.round(rate * 100)) });
}

/**
 * The learning overview for course administrators: subscriptions made and completed per week
 * (chart, table and a sentence), the figures of every subscription, the most subscribed
 * trainings and the completion rate of each topic.
 */
export function LearningOverview() {
  const i18n = useT();
  const { t } = i18n;
  const [months, setMonths] = useState<LearningOverviewMonths>(6);
  const overview = useLearningOverview(months);
  const headingId = useId();
  return (
    <section className={styles.overview} aria-labelledby={headingId}>
      <div className={styles.top}>
        <h2 id={headingId} className={styles.heading}>
          {t('Learning overview')}
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
        <div className={styles.skeletonBlock} />
      </div>
      <div className={`${styles.skeletonBlock} ${styles.skeletonChart}`} />
    </div>
  );
}

function OverviewBody({ data, busy }: { data: Overview; busy: boolean }) {
  const i18n = useT();
  const { t } = i18n;
  const percent = usePercent();
  return (
    <div className={styles.body} aria-busy={busy}>
      <dl className={styles.figures}>
        <div className={styles.figure}>
          <dt>{t('All subscriptions')}</dt>
          <dd data-figure="subscriptions">{i18n.number(data.all_time.subscriptions)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{t('Completed')}</dt>
          <dd data-figure="completions">{i18n.number(data.all_time.completions)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{t('Completion rate')}</dt>
          <dd data-figure="rate">{percent(rateOf(data.all_time))}</dd>
        </div>
      </dl>

      <WeeklyPanel data={data} />

      <div className={styles.rankings}>
        <TopTrainings trainings={data.top_trainings} />
        <TopicRates data={data} />
      </div>
    </div>
  );
}

function WeeklyPanel({ data }: { data: Overview }) {
  const i18n = useT();
  const { t } = i18n;
  const formatDate = useFormatDate();
  const captionId = useId();
  const title = t('Subscriptions and completions per week');
  const summary = i18n.plural(
    data.totals.subscriptions,
    'Over the last @months months learners made @count subscription and completed @completions.',
    'Over the last @months months learners made @count subscriptions and completed @completions.',
    { months: data.months, completions: i18n.number(data.totals.completions) },
  );
  const moved = data.totals.subscriptions + data.totals.completions > 0;
  return (
    <div className={styles.panel}>
      <h3 className={styles.panelHeading}>{title}</h3>
      <p className={styles.summary} data-summary="">
        {summary}
      </p>
      {moved ? (
        <>
          <Suspense
            fallback={<div className={`${styles.skeletonBlock} ${styles.skeletonChart}`} />}
          >
            <WeeklyChart
              weeks={data.weeks.map((w) => w.week)}
              lines={[
                { label: t('Subscriptions'), values: data.weeks.map((w) => w.subscriptions) },
                { label: t('Completions'), values: data.weeks.map((w) => w.completions) },
              ]}
              label={summary}
            />
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
                  {title}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t('Week of')}</th>
                    <th scope="col">{t('Subscriptions')}</th>
                    <th scope="col">{t('Completions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.weeks.map((w) => (
                    <tr key={w.week}>
                      <th scope="row">{formatDate(weekInstant(w.week), 'j M Y')}</th>
                      <td>{i18n.number(w.subscriptions)}</td>
                      <td>{i18n.number(w.completions)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">{t('Total')}</th>
                    <td>{i18n.number(data.totals.subscriptions)}</td>
                    <td>{i18n.number(data.totals.completions)}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          </details>
        </>
      ) : (
        <EmptyState title={t('No subscriptions were made or completed in this period.')}>
          {t('Weeks fill in here once learners subscribe to trainings and complete them.')}
        </EmptyState>
      )}
    </div>
  );
}

function TopTrainings({ trainings }: { trainings: Overview['top_trainings'] }) {
  const i18n = useT();
  const { t } = i18n;
  const headingId = useId();
  const most = Math.max(1, ...trainings.map((r) => r.subscriptions));
  return (
    <div className={styles.panel}>
      <h3 id={headingId} className={styles.panelHeading}>
        {t('Most subscribed trainings')}
      </h3>
      {trainings.length === 0 ? (
        <p className={styles.muted}>{t('No learner has subscribed to a training yet.')}</p>
      ) : (
        <ol className={styles.ranked} aria-labelledby={headingId}>
          {trainings.map((training) => (
            <li key={training.training_id} className={styles.rankedItem}>
              <Link
                className={styles.rankedLabel}
                to={`/trainings/${training.training_id}`}
                lang={training.language}
                dir="auto"
              >
                {training.title}
              </Link>
              <span className={styles.rankedValue}>
                {i18n.plural(training.subscriptions, '@count subscription', '@count subscriptions')}
              </span>
              <Bar share={training.subscriptions / most} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** A bar that shows a share (0 to 1) of its row; the text beside it says the number. */
function Bar({ share }: { share: number }) {
  return (
    <span className={styles.bar} aria-hidden="true">
      <span className={styles.barFill} style={{ inlineSize: `${share * 100}%` }} />
    </span>
  );
}

function TopicRates({ data }: { data: Overview }) {
  const i18n = useT();
  const { t } = i18n;
  const percent = usePercent();
  const headingId = useId();
  const selectId = useId();
  const captionId = useId();
  const rated = data.vocabularies.filter((v) => data.topics.some((x) => x.vocabulary === v.type));
  const [chosen, setChosen] = useState<string | undefined>();
  const vocabulary = rated.find((v) => v.type === chosen) ?? rated[0];
  const topics = data.topics.filter((x) => x.vocabulary === vocabulary?.type);
  const highest = topics[0];
  const lowest = topics.at(-1);
  const summary =
    highest && lowest && topics.length > 1
      ? t('Highest completion rate: @highest, @highestRate. Lowest: @lowest, @lowestRate.', {
          highest: highest.name,
          highestRate: percent(rateOf(highest)),
          lowest: lowest.name,
          lowestRate: percent(rateOf(lowest)),
        })
      : highest
        ? t('Completion rate of @topic: @rate.', {
            topic: highest.name,
            rate: percent(rateOf(highest)),
          })
        : '';
  return (
    <div className={styles.panel}>
      <div className={styles.panelTop}>
        <h3 id={headingId} className={styles.panelHeading}>
          {t('Completion rate by topic')}
        </h3>
        {rated.length > 1 && vocabulary ? (
          <div className={styles.choice}>
            <label htmlFor={selectId}>{t('Topics from')}</label>
            <select
              id={selectId}
              value={vocabulary.type}
              onChange={(event) => setChosen(event.target.value)}
            >
              {rated.map((v) => (
                <option key={v.type} value={v.type}>
                  {v.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      {topics.length === 0 ? (
        <p className={styles.muted}>{t('No training with a topic has subscriptions yet.')}</p>
      ) : (
        <>
          <p className={styles.summary} data-topics-summary="">
            {summary}
          </p>
          <ol className={styles.ranked} aria-labelledby={headingId}>
            {topics.map((topic) => (
              <li key={topic.tid} className={styles.rankedItem}>
                <span className={styles.rankedLabel}>{topic.name}</span>
                <span className={styles.rankedValue}>{percent(rateOf(topic))}</span>
                <Bar share={rateOf(topic)} />
              </li>
            ))}
          </ol>
          <details className={styles.tableDisclosure}>
            <summary>{t('Show as table')}</summary>
            <div
              className={styles.tableScroll}
              tabIndex={0}
              role="region"
              aria-labelledby={captionId}
            >
              <table className={styles.table}>
                <caption id={captionId} className={styles.visuallyHidden}>
                  {t('Completion rate by topic')}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{vocabulary?.name}</th>
                    <th scope="col">{t('Subscriptions')}</th>
                    <th scope="col">{t('Completed')}</th>
                    <th scope="col">{t('Completion rate')}</th>
                  </tr>
                </thead>
                <tbody>
                  {topics.map((topic) => (
                    <tr key={topic.tid}>
                      <th scope="row">{topic.name}</th>
                      <td>{i18n.number(topic.subscriptions)}</td>
                      <td>{i18n.number(topic.completions)}</td>
                      <td>{percent(rateOf(topic))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </div>
  );
}
