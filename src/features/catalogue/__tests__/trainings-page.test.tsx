import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { renderShell } from '@/shell/__tests__/test-utils';
import TrainingsPage from '../pages/trainings-page';
import { languages, listItem, meta, vocabularies } from './fixtures';

setupMockServer();

function serve() {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v2/trainings', ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.push(params);
      const list = params.getAll('tags[]').includes('12') ? [] : [listItem()];
      return HttpResponse.json({ data: list, meta: meta(list.length, { limit: 24 }) });
    }),
    http.get('*/api/v2/vocabularies', () => HttpResponse.json({ data: vocabularies })),
    http.get('*/api/v2/languages', () => HttpResponse.json({ data: languages })),
  );
  return requests;
}

describe('Training catalogue', () => {
  it('shows a visitor the public trainings and keeps the filters in the address', async () => {
    const requests = serve();
    const { router } = renderShell(<TrainingsPage />, { user: null, path: '/trainings' });
    expect(screen.getByRole('heading', { level: 1, name: 'Trainings' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Safe lifting at work' })).toBeInTheDocument();
    expect(screen.getByText('1 training')).toBeInTheDocument();
    expect(requests.at(-1)?.get('limit')).toBe('24');

    await userEvent.selectOptions(screen.getByLabelText('Price'), 'Free');
    expect(router.state.location.search).toBe('?free=true');
    await waitFor(() => expect(requests.at(-1)?.get('free')).toBe('true'));

    const topics = await screen.findByRole('group', { name: 'Topics' });
    await userEvent.click(within(topics).getByRole('checkbox', { name: 'Ergonomics' }));
    expect(router.state.location.search).toBe('?free=true&tags=12');
    expect(await screen.findByText('No trainings match these filters.')).toBeInTheDocument();

    await router.navigate(-1);
    expect(await screen.findByRole('link', { name: 'Safe lifting at work' })).toBeInTheDocument();
    expect(within(topics).getByRole('checkbox', { name: 'Ergonomics' })).not.toBeChecked();
    expect(screen.getByLabelText('Price')).toHaveValue('true');
  });
});
