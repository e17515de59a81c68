import { screen, within } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { renderShell } from '@/shell/__tests__/test-utils';
import HomePage from '../pages/home-page';
import { layout, meta, section, trainingItem } from './fixtures';

setupMockServer();

const sections = [
  section(1, 'hero', {
    image: { url: '/images/hero.jpg', alt: 'People learning together' },
    heading: 'Learn at your pace',
    text: 'Short trainings for busy teams.',
    button: { label: 'Browse trainings', url: '/storefront' },
  }),
  {
    ...section(2, 'trainings', { source: 'all', size: 2, sorting: 'newest', display: 'grid' }),
    trainings: [trainingItem(1), trainingItem(2)],
    trainings_meta: meta(5, 0, 2),
  },
  section(3, 'rich_text', {
    html: '<p>Our <strong>mission</strong></p><script>window.hacked = true</script>',
  }),
  section(4, 'banner_of_the_future', { heading: 'Unknown section' }),
  section(5, 'call_to_action', {
    heading: 'Ready to start?',
    text: 'Create an account in a minute.',
    button: { label: 'Get started', url: '/user/login' },
  }),
];

function serve(body: JsonBodyType, status = 200) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v2/storefront', ({ request }) => {
      requests.push(new URL(request.url).searchParams);
      return HttpResponse.json(body, { status });
    }),
  );
  return requests;
}

describe('Home page', () => {
  it("renders the unregistered layout's sections in order", async () => {
    const requests = serve({ data: layout(sections) });
    const { container } = renderShell(<HomePage />, { user: null, path: '/' });

    const hero = await screen.findByRole('heading', { level: 2, name: 'Learn at your pace' });
    expect(hero).toBeInTheDocument();
    expect(requests[0]?.get('audience')).toBe('unregistered');
    const image = screen.getByRole('img', { name: 'People learning together' });
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');
    expect(screen.getByRole('link', { name: 'Browse trainings' })).toHaveAttribute(
      'href',
      '/storefront',
    );

    const list = screen.getByRole('list', { name: 'Trainings' });
    expect(list.children).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'Training 2' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Show all/ })).toHaveAttribute('href', '/storefront/2');

    expect(screen.getByText('mission')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.innerHTML).not.toContain('window.hacked');

    expect(screen.getByRole('heading', { level: 2, name: 'Ready to start?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get started' })).toHaveAttribute(
      'href',
      '/user/login',
    );

    expect(screen.queryByText('Unknown section')).not.toBeInTheDocument();
    expect(container.querySelector('[data-section-type="banner_of_the_future"]')).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('applies section settings and appearance as CSS variables', async () => {
    const styled = section(7, 'call_to_action', {
      heading: 'Join us',
      button: { label: 'Go', url: '/user/login' },
    });
    styled.data.settings = { title: 'Why join', show_title: true, full_width: true };
    styled.data.appearance = {
      background_color: '#112233',
      text_color: '#ffffff',
      text_align: 'center',
    };
    serve({ data: layout([styled]) });
    renderShell(<HomePage />, { user: null, path: '/' });
    const titled = await screen.findByRole('region', { name: 'Why join' });
    expect(titled.style.getPropertyValue('--section-bg')).toBe('#112233');
    expect(titled.style.getPropertyValue('--section-text')).toBe('#ffffff');
    expect(titled.style.getPropertyValue('--section-align')).toBe('center');
  });

  it('falls back to the welcome hero when the layout has no section it can show', async () => {
    serve({ data: layout([section(9, 'banner_of_the_future', {})]) });
    renderShell(<HomePage />, { user: null, path: '/' });
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/user/login',
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Welcome to Atrium Academy' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toBeInTheDocument();
  });

  it('falls back to the welcome hero when there is no layout', async () => {
    serve({ message: 'Not found' }, 404);
    renderShell(<HomePage />, { user: null, path: '/' });
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
