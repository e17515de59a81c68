import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTranslator } from '@engine/core';
import { describe, expect, it } from 'vitest';
import { renderShell } from '../../__tests__/test-utils';
import { BackLink } from '../back-link';

const translator = createTranslator({
  language: 'ar',
  dir: 'rtl',
  translations: [{ source: 'Course administration', translation: 'إدارة الدورات' }],
});

describe('BackLink', () => {
  it('navigates in the app by default, with a mirrored back arrow', async () => {
    const { router } = renderShell(<BackLink title="Storefront" url="/settings/storefront" />, {
      path: '/x',
    });
    const link = screen.getByRole('link', { name: 'Storefront' });
    expect(link.querySelector('svg')).toHaveAttribute('data-directional');
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe('/settings/storefront');
  });

  it('translates the title only when asked', () => {
    const { unmount } = renderShell(
      <BackLink title="Course administration" url="/course-administration" />,
      {
        translator,
      },
    );
    expect(screen.getByRole('link', { name: 'Course administration' })).toBeInTheDocument();
    unmount();
    renderShell(<BackLink title="Course administration" url="/course-administration" translate />, {
      translator,
    });
    expect(screen.getByRole('link', { name: 'إدارة الدورات' })).toHaveAttribute(
      'href',
      '/course-administration',
    );
  });

  it('is a plain link for a full page load when redirect is set', async () => {
    const { router } = renderShell(<BackLink title="Back" url="/legacy" redirect />, {
      path: '/x',
    });
    const link = screen.getByRole('link', { name: 'Back' });
    expect(link).toHaveAttribute('href', '/legacy');
    link.addEventListener('click', (e) => e.preventDefault());
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe('/x');
  });
});
