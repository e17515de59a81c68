import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { renderShell } from '@/shell/__tests__/test-utils';
import SectionPage from '../pages/section-page';
import { meta, section, trainingItem } from './fixtures';

setupMockServer();

describe('Storefront section page', () => {
  it("pages through the section's trainings", async () => {
    const pages: string[] = [];
    server.use(
      http.get('*/api/v2/storefront_sections/:id', ({ request, params }) => {
        expect(params.id).toBe('4');
        const page = Number(new URL(request.url).searchParams.get('page') ?? 0);
        pages.push(String(page));
        const trainings = Array.from({ length: page === 0 ? 24 : 6 }, (_, i) =>
          trainingItem(page * 24 + i + 1),
        );
        const base = section(4, 'trainings', {
          source: 'all',
          size: 8,
          sorting: 'newest',
          display: 'carousel',
        });
        base.data.settings = { title: 'New this month', show_title: true, full_width: false };
        return HttpResponse.json({
          data: { ...base, trainings, trainings_meta: meta(30, page) },
        });
      }),
    );
    const routes = (ui: React.ReactNode) => [{ path: '/storefront/:sectionId', element: ui }];
    const { router } = renderShell(<SectionPage />, { path: '/storefront/4', routes });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'New this month' }),
    ).toBeInTheDocument();
    expect(screen.getByText('30 trainings')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'New this month' });
    expect(list.children).toHaveLength(24);
    expect(within(list).getByRole('link', { name: 'Training 24' })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Next' }));
    expect(router.state.location.search).toBe('?page=2');
    expect(await screen.findByRole('link', { name: 'Training 30' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(pages).toEqual(['0', '1']);

    await userEvent.click(screen.getByRole('link', { name: 'Previous' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('link', { name: 'Training 1' })).toBeInTheDocument();
  });

  it('shows a section that lists no trainings on its own page, under its title', async () => {
    server.use(
      http.get('*/api/v2/storefront_sections/:id', () => {
        const testimonial = section(6, 'testimonial', {
          portrait: { url: '', alt: '' },
          quote: 'It changed how our team works.',
          author: 'Noor',
        });
        testimonial.data.settings = { title: 'What learners say', show_title: true };
        return HttpResponse.json({ data: testimonial });
      }),
    );
    const routes = (ui: React.ReactNode) => [{ path: '/storefront/:sectionId', element: ui }];
    renderShell(<SectionPage />, { path: '/storefront/6', routes });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'What learners say' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading')).toHaveLength(1);
    expect(screen.getByText('It changed how our team works.').closest('blockquote')).not.toBeNull();
    expect(screen.getByText('Noor')).toBeInTheDocument();
    expect(screen.queryByText('No trainings in this section yet.')).not.toBeInTheDocument();
  });
});
