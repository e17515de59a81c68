import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '@engine/core';
import { fillGuardMessage, guardMessages } from '@schemas/entities/incentives.schema';
import type { Training } from '@schemas/entities/training.schema';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { learner, renderShell } from '@/shell/__tests__/test-utils';
import TrainingPage from '../pages/training-page';
import { subscription, training } from './fixtures';

setupMockServer();

const routes = (ui: React.ReactNode) => [{ path: '/trainings/:trainingId', element: ui }];

/** A tiny server: the training, and subscription calls that change it. */
function serve(initial: Training) {
  let current = initial;
  const calls: string[] = [];
  server.use(
    http.get('*/api/v2/trainings/1', () => HttpResponse.json({ data: current })),
    http.post('*/api/v2/trainings/1/subscription', () => {
      calls.push('subscribe');
      current = { ...current, subscription: subscription({ progress: 0, watched_videos: [] }) };
      return HttpResponse.json({ data: current.subscription });
    }),
    http.delete('*/api/v2/trainings/1/subscription', () => {
      calls.push('unsubscribe');
      current = { ...current, subscription: null };
      return HttpResponse.json({ data: { subscribed: false } });
    }),
    http.post('*/api/v2/trainings/1/progress', async ({ request }) => {
      const body = (await request.json()) as { video_id: number };
      calls.push(`progress ${body.video_id}`);
      const watched = [...(current.subscription?.watched_videos ?? []), body.video_id];
      current = {
        ...current,
        subscription: subscription({
          watched_videos: watched,
          progress: Math.round((watched.length / 3) * 100),
        }),
      };
      return HttpResponse.json({ data: current.subscription });
    }),
  );
  return calls;
}

describe('Training page', () => {
  it('shows the training: title, tags, sanitized body and videos with durations', async () => {
    serve(
      training({
        body: '<p>Why <strong>posture</strong> matters.</p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true">',
      }),
    );
    renderShell(<TrainingPage />, { user: learner, path: '/trainings/1', routes });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Safe lifting at work' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Safe lifting at work | Atrium Academy'));
    expect(screen.getByRole('link', { name: 'Safety' })).toHaveAttribute(
      'href',
      '/trainings?tags=11',
    );
    expect(screen.getByText('posture').tagName).toBe('STRONG');
    expect(document.querySelector('article script')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
    const videos = within(screen.getByRole('region', { name: 'Videos' })).getAllByRole('listitem');
    expect(videos).toHaveLength(3);
    expect(videos[0]).toHaveTextContent('5:03');
  });

  it('subscribes, then unsubscribes only after confirming in a dialog', async () => {
    const calls = serve(training());
    const user = userEvent.setup();
    renderShell(<TrainingPage />, { user: learner, path: '/trainings/1', routes });

    await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
    expect(
      await screen.findByText('You are subscribed to Safe lifting at work.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: 'Progress of Safe lifting at work' }),
    ).toHaveAttribute('aria-valuenow', '0');

    const unsubscribe = screen.getByRole('button', { name: 'Unsubscribe' });
    await user.click(unsubscribe);
    let dialog = screen.getByRole('alertdialog', { name: 'Unsubscribe from this training?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(unsubscribe).toHaveFocus();
    expect(calls).toEqual(['subscribe']);

    await user.click(unsubscribe);
    dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByText('You have unsubscribed from Safe lifting at work.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    expect(calls).toEqual(['subscribe', 'unsubscribe']);
  });

  it('marks a video as watched and ticks it; Continue goes to the next unwatched video', async () => {
    const calls = serve(training({ subscription: subscription() }));
    const user = userEvent.setup();
    renderShell(<TrainingPage />, { user: learner, path: '/trainings/1', routes });

    const videos = within(await screen.findByRole('region', { name: 'Videos' }));
    expect(videos.getAllByText('Watched')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(document.getElementById('video-102')).toHaveFocus();

    await user.click(videos.getByRole('button', { name: 'Mark as watched Carrying' }));
    expect(await screen.findByText('Marked as watched: Carrying.')).toBeInTheDocument();
    await waitFor(() => expect(videos.getAllByText('Watched')).toHaveLength(2));
    expect(calls).toEqual(['progress 102']);
  });

  it('tells the server when a video is opened, and shows why marking it watched is too soon', async () => {
    const calls = serve(training({ subscription: subscription() }));
    const opened: unknown[] = [];
    server.use(
      http.post('*/api/v2/trainings/1/opened_videos', async ({ request }) => {
        const body = (await request.json()) as { video_id: number };
        opened.push(body);
        return HttpResponse.json({
          data: { video_id: body.video_id, opened_at: '2025-03-05T14:07:00Z' },
        });
      }),
      http.post('*/api/v2/trainings/1/progress', () =>
        HttpResponse.json(
          { message: fillGuardMessage(guardMessages.tooSoon, { minutes: 4 }) },
          { status: 409 },
        ),
      ),
    );
    const translator = createTranslator({
      language: 'ar',
      translations: [
        {
          source: guardMessages.tooSoon,
          translation: 'يمكنك تحديد هذا الفيديو كمُشاهَد بعد @minutes دقيقة، بعد أن تشاهده.',
        },
      ],
    });
    const user = userEvent.setup();
    renderShell(<TrainingPage />, { user: learner, path: '/trainings/1', routes, translator });

    const videos = within(await screen.findByRole('region', { name: 'Videos' }));
    const watch = videos.getByRole('link', { name: /^Watch Carrying/ });
    // The link opens the video in a new tab; the page stays and only reports the opening.
    watch.addEventListener('click', (event) => event.preventDefault());
    await user.click(watch);
    await waitFor(() => expect(opened).toEqual([{ video_id: 102 }]));

    await user.click(videos.getByRole('button', { name: 'Mark as watched Carrying' }));
    expect(
      await screen.findByText('يمكنك تحديد هذا الفيديو كمُشاهَد بعد 4 دقيقة، بعد أن تشاهده.'),
    ).toBeInTheDocument();
    expect(videos.getAllByText('Watched')).toHaveLength(1);
    expect(calls).toEqual([]);
  });

  it('asks a visitor to log in, coming back to this training afterwards', async () => {
    serve(training());
    renderShell(<TrainingPage />, { user: null, path: '/trainings/1', routes });
    expect(await screen.findByRole('link', { name: 'Log in to subscribe' })).toHaveAttribute(
      'href',
      '/user/login?redirectTo=%2Ftrainings%2F1',
    );
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mark as watched/ })).not.toBeInTheDocument();
  });
});
