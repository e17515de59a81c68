import type { LearningOverview as Overview } from '@schemas/entities/learning-overview.schema';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answeringBy, failingUntilRecovered, setupMockServer } from '@/shell/__tests__/msw';
import { cellTexts, itemTexts, renderShell } from '@/shell/__tests__/test-utils';
import { LearningOverview } from '../overview/learning-overview';

setupMockServer();

const OVERVIEW = '*/api/v2/learning/overview';

const courseAdmin = {
  uid: 3,
  name: 'courseadmin',
  full_name: 'Carla Course',
  first_name: 'Carla',
  last_name: 'Course',
  avatar: null,
  language: 'en',
};

const overview = (months: 6 | 12, over: Partial<Overview> = {}): Overview => ({
  months,
  weeks: [
    { week: '2026-11-09', subscriptions: 1200, completions: 300 },
    { week: '2026-11-16', subscriptions: 0, completions: 0 },
    { week: '2026-11-23', subscriptions: 40, completions: 25 },
  ],
  totals: { subscriptions: 1240, completions: 325 },
  all_time: { subscriptions: 8000, completions: 2000 },
  top_trainings: [
    {
      training_id: 4,
      title: 'Data Literacy',
      language: 'en',
      subscriptions: 900,
      completions: 300,
    },
    { training_id: 9, title: 'مقدمة', language: 'ar', subscriptions: 1, completions: 0 },
  ],
  vocabularies: [
    { type: 'topics', name: 'Topics' },
    { type: 'levels', name: 'Levels' },
    { type: 'formats', name: 'Formats' },
  ],
  topics: [
    { tid: 1, vocabulary: 'topics', name: 'Leadership', subscriptions: 200, completions: 150 },
    { tid: 7, vocabulary: 'levels', name: 'Beginner', subscriptions: 10, completions: 5 },
    { tid: 2, vocabulary: 'topics', name: 'Compliance', subscriptions: 1000, completions: 100 },
  ],
  ...over,
});

describe('Learning overview', () => {
  it('shows the figures, a summary, the weeks as a table, the top trainings, the topics, and the other period', async () => {
    const asked = answeringBy(OVERVIEW, 'months', (months) =>
      months === '12'
        ? overview(12, { totals: { subscriptions: 1, completions: 1000 } })
        : overview(6),
    );
    renderShell(<LearningOverview />, { user: courseAdmin, path: '/course-administration' });

    expect(
      await screen.findByText(
        'Over the last 6 months learners made 1,240 subscriptions and completed 325.',
      ),
    ).toBeInTheDocument();
    const figure = (name: string) => screen.getByText(name, { selector: 'dt' }).closest('div')!;
    expect(within(figure('All subscriptions')).getByText('8,000')).toBeInTheDocument();
    expect(within(figure('Completed')).getByText('2,000')).toBeInTheDocument();
    expect(within(figure('Completion rate')).getByText('25%')).toBeInTheDocument();

    // The weeks' table is behind a disclosure and holds every week and the totals.
    await userEvent.click(screen.getAllByText('Show as table')[0]!);
    const table = screen.getByRole('table', { name: 'Subscriptions and completions per week' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(1 + 3 + 1);
    expect(cellTexts(rows[1]!)).toEqual(['1,200', '300']);
    expect(within(rows[4]!).getByRole('rowheader')).toHaveTextContent('Total');
    expect(cellTexts(rows[4]!)).toEqual(['1,240', '325']);

    const top = screen.getByRole('list', { name: 'Most subscribed trainings' });
    expect(itemTexts(top)).toEqual(['Data Literacy900 subscriptions', 'مقدمة1 subscription']);
    expect(within(top).getByRole('link', { name: 'مقدمة' })).toHaveAttribute(
      'href',
      '/trainings/9',
    );
    expect(within(top).getByRole('link', { name: 'مقدمة' })).toHaveAttribute('lang', 'ar');

    // The first vocabulary's terms, highest rate first, with a sentence; then another vocabulary.
    const topics = screen.getByRole('list', { name: 'Completion rate by topic' });
    expect(itemTexts(topics)).toEqual(['Leadership75%', 'Compliance10%']);
    expect(
      screen.getByText('Highest completion rate: Leadership, 75%. Lowest: Compliance, 10%.'),
    ).toBeInTheDocument();
    const by = screen.getByRole('combobox', { name: 'Topics from' });
    // Only the vocabularies with rated terms are offered.
    expect(
      within(by)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Topics', 'Levels']);
    await userEvent.selectOptions(by, 'levels');
    expect(itemTexts(screen.getByRole('list', { name: 'Completion rate by topic' }))).toEqual([
      'Beginner50%',
    ]);
    expect(screen.getByText('Completion rate of Beginner: 50%.')).toBeInTheDocument();
    await userEvent.click(screen.getAllByText('Show as table')[1]!);
    const rates = screen.getByRole('table', { name: 'Completion rate by topic' });
    expect(
      within(rates)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['LevelsSubscriptionsCompletedCompletion rate', 'Beginner10550%']);

    const twelve = screen.getByRole('button', { name: 'Last 12 months' });
    expect(twelve).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(twelve);
    expect(
      await screen.findByText(
        'Over the last 12 months learners made 1 subscription and completed 1,000.',
      ),
    ).toBeInTheDocument();
    expect(twelve).toHaveAttribute('aria-pressed', 'true');
    expect(asked).toEqual(['6', '12']);
  });

  it('says when nothing happened yet, and retries after an error', async () => {
    const recover = failingUntilRecovered(OVERVIEW, () =>
      overview(6, {
        weeks: [{ week: '2026-11-23', subscriptions: 0, completions: 0 }],
        totals: { subscriptions: 0, completions: 0 },
        all_time: { subscriptions: 0, completions: 0 },
        top_trainings: [],
        topics: [],
      }),
    );
    renderShell(<LearningOverview />, { user: courseAdmin, path: '/course-administration' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The overview could not be loaded.');
    recover();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('No subscriptions were made or completed in this period.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Show as table')).not.toBeInTheDocument();
    expect(screen.getByText('No learner has subscribed to a training yet.')).toBeInTheDocument();
    expect(screen.getByText('No training with a topic has subscriptions yet.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});
