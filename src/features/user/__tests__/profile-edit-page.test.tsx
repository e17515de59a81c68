import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { learner, renderShell } from '@/shell/__tests__/test-utils';
import ProfileEditPage from '../pages/profile-edit-page';

setupMockServer();

const languages = [
  { langcode: 'en', name: 'English', native_name: 'English', direction: 0, weight: 0 },
  { langcode: 'ar', name: 'Arabic', native_name: 'العربية', direction: 1, weight: 1 },
];
const routes = (ui: React.ReactNode) => [
  { path: '/user/:uid/edit', element: ui },
  { path: '/user', element: <p>Profile view</p> },
];

describe('Profile edit page', () => {
  it('shows the server’s field message on the field, then saves a valid change', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/v2/languages', () => HttpResponse.json({ data: languages })),
      http.patch('*/api/v2/users/7', async ({ request }) => {
        const body = (await request.json()) as { title?: string };
        bodies.push(body);
        if (body.title === 'x'.repeat(3))
          return HttpResponse.json(
            {
              message: 'Invalid input',
              messages: [{ path: 'title', text: 'Choose a real title.' }],
            },
            { status: 400 },
          );
        return HttpResponse.json({ data: { ...learner, profile: { title: body.title } } });
      }),
      http.get('*/api/v2/me', () => HttpResponse.json({ data: learner })),
      http.get('*/api/v2/users/7', () => HttpResponse.json({ data: learner })),
    );
    const user = userEvent.setup();
    const { router } = renderShell(<ProfileEditPage />, {
      user: learner,
      path: '/user/7/edit',
      routes,
    });

    const title = await screen.findByLabelText('Job title');
    expect(screen.getByLabelText(/First name/)).toHaveValue('Lena');
    await user.type(title, 'xxx');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose a real title.')).toBeInTheDocument();

    await user.clear(title);
    await user.type(title, 'Nurse');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user');
    expect(bodies.at(-1)).toMatchObject({ first_name: 'Lena', title: 'Nurse' });
  });

  it("loads someone else's details for an administrator and saves them", async () => {
    const nadia = {
      uid: 99,
      name: 'nadia',
      first_name: 'Nadia',
      last_name: 'Haddad',
      full_name: 'Nadia Haddad',
      language: 'ar',
      timezone: 'Asia/Dubai',
      avatar: null,
      profile: { title: 'Trainer' },
    };
    const saved: unknown[] = [];
    server.use(
      http.get('*/api/v2/languages', () => HttpResponse.json({ data: languages })),
      http.get('*/api/v2/users/99', () => HttpResponse.json({ data: nadia })),
      http.patch('*/api/v2/users/99', async ({ request }) => {
        const body = (await request.json()) as object;
        saved.push(body);
        return HttpResponse.json({ data: { ...nadia, ...body } });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderShell(<ProfileEditPage />, {
      user: learner,
      path: '/user/99/edit',
      routes,
    });
    expect(
      await screen.findByText('You are editing the profile of Nadia Haddad.'),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText(/First name/)).toHaveValue('Nadia');
    expect(screen.getByLabelText('Job title')).toHaveValue('Trainer');
    await user.clear(screen.getByLabelText('Job title'));
    await user.type(screen.getByLabelText('Job title'), 'Lead trainer');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(saved.at(-1)).toMatchObject({ first_name: 'Nadia', title: 'Lead trainer' });
    // An administrator stays on the form of the person they edit.
    expect(router.state.location.pathname).toBe('/user/99/edit');
  });
});
