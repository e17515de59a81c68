import { useT } from '@engine/react';
import type { LearningOverview as Overview } from '@schemas/entities/learning-overview.schema';
import { useId, useState } from 'react';
import { useLearningOverview, type LearningOverviewMonths } from '@/lib/queries/learning-overview';
import { OverviewSection } from '@/shell/overview/overview-section';
import shared from '@/shell/overview/overview.module.css';
import { barScale, RankedList, RankedPanel } from '@/shell/overview/ranked-list';
import { TableDisclosure } from '@/shell/overview/table-disclosure';
import { WeeklyPanel } from '@/shell/overview/weekly-panel';
import styles from './learning-overview.module.css';

const MONTHS: readonly LearningOverviewMonths[] = [6, 12];

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
  const { t } = useT();
  const [months, setMonths] = useState<LearningOverviewMonths>(6);
  const overview = useLearningOverview(months);
  return (
    <OverviewSection
      title={t('Learning overview')}
      months={{ choices: MONTHS, value: months, onChange: setMonths }}
      query={overview}
      placeholderFigures={3}
    >
      {(data) => <OverviewBody data={data} />}
    </OverviewSection>
  );
}

function OverviewBody({ data }: { data: Overview }) {
  const i18n = useT();
  const { t } = i18n;
  const percent = usePercent();
  return (
    <>
      <dl className={shared.figures}>
        <div className={shared.figure}>
          <dt>{t('All subscriptions')}</dt>
          <dd data-figure="subscriptions">{i18n.number(data.all_time.subscriptions)}</dd>
        </div>
        <div className={shared.figure}>
          <dt>{t('Completed')}</dt>
          <dd data-figure="completions">{i18n.number(data.all_time.completions)}</dd>
        </div>
        <div className={shared.figure}>
          <dt>{t('Completion rate')}</dt>
          <dd data-figure="rate">{percent(rateOf(data.all_time))}</dd>
        </div>
      </dl>

      <Weeks data={data} />

      <div className={shared.rankings}>
        <TopTrainings trainings={data.top_trainings} />
        <TopicRates data={data} />
      </div>
    </>
  );
}

function Weeks({ data }: { data: Overview }) {
  const i18n = useT();
  const { t } = i18n;
  return (
    <WeeklyPanel
      title={t('Subscriptions and completions per week')}
      summary={i18n.plural(
        data.totals.subscriptions,
        'Over the last @months months learners made @count subscription and completed @completions.',
        'Over the last @months months learners made @count subscriptions and completed @completions.',
        { months: data.months, completions: i18n.number(data.totals.completions) },
      )}
      weeks={data.weeks.map((w) => w.week)}
      lines={[
        {
          label: t('Subscriptions'),
          values: data.weeks.map((w) => w.subscriptions),
          total: data.totals.subscriptions,
        },
        {
          label: t('Completions'),
          values: data.weeks.map((w) => w.completions),
          total: data.totals.completions,
        },
      ]}
      empty={{
        title: t('No subscriptions were made or completed in this period.'),
        text: t('Weeks fill in here once learners subscribe to trainings and complete them.'),
      }}
    />
  );
}

function TopTrainings({ trainings }: { trainings: Overview['top_trainings'] }) {
  const i18n = useT();
  const { t } = i18n;
  const most = barScale(trainings.map((r) => r.subscriptions));
  return (
    <RankedPanel
      title={t('Most subscribed trainings')}
      empty={t('No learner has subscribed to a training yet.')}
      items={trainings.map((training) => ({
        key: String(training.training_id),
        label: training.title,
        text: i18n.plural(training.subscriptions, '@count subscription', '@count subscriptions'),
        share: training.subscriptions / most,
        to: `/trainings/${training.training_id}`,
        lang: training.language,
      }))}
    />
  );
}

function TopicRates({ data }: { data: Overview }) {
  const i18n = useT();
  const { t } = i18n;
  const percent = usePercent();
  const headingId = useId();
  const selectId = useId();
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
    <div className={shared.panel}>
      <div className={styles.panelTop}>
        <h3 id={headingId} className={shared.panelHeading}>
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
        <p className={shared.muted}>{t('No training with a topic has subscriptions yet.')}</p>
      ) : (
        <>
          <p className={shared.summary} data-topics-summary="">
            {summary}
          </p>
          <RankedList
            labelledBy={headingId}
            items={topics.map((topic) => ({
              key: String(topic.tid),
              label: topic.name,
              text: percent(rateOf(topic)),
              share: rateOf(topic),
            }))}
          />
          <TableDisclosure caption={t('Completion rate by topic')}>
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
          </TableDisclosure>
        </>
      )}
    </div>
  );
}
