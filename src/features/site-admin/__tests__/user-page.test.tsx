import type { UserListItem } from '@schemas/entities/user.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { renderShell } from '@/shell/__tests__/test-utils';
import UserPage from '../pages/user-page';
import { admin, person } from './fixtures';
import { choiceHandlers, lena } from './user-fixtures';

setupMockServer();

const routes = () => [
  { path: '/settings/site/users/:uid', element: <UserPage /> },
  { path: '/settings/site/users', element: <p>All users</p> },
  { path: '/dashboard', element: <p>Dashboard</p> },
];

const path = '/settings/site/users/7';

/** Lena's row of `GET users`, found by searching her account name. */
const lenaRow = (over: Partial<UserListItem> = {}) =>
  person(7, {
    name: 'lena',
    full_name: 'Lena Schmidt',
    first_name: 'Lena',
    last_name: 'Schmidt',
    roles: ['learner'],
    organizations: [3],
    mail: 'lena@example.org',
    ...over,
  });

/**
 * Lena's profile, her account row and the form choices. The row is read from `stored` on every
 * request, so a test's answers to changes can update it.
 */
function lenaHandlers(stored = { row: lenaRow() }) {
  return [
    ...choiceHandlers,
    http.get('*/api/v2/users/7', () => HttpResponse.json({ data: lena })),
    http.get('*/api/v2/users/7/account', () => HttpResponse.json({ data: stored.row })),
  ];
}

const section = (name: string) => screen.getByRole('region', { name });

describe('User page', () => {
  it('names the person and saves their roles and organizations as whole lists', async () => {
    const puts: { url: string; body: unknown }[] = [];
    const stored = { row: lenaRow() };
    server.use(
      ...lenaHandlers(stored),
      http.put('*/api/v2/users/7/roles', async ({ request }) => {
        const body = (await request.json()) as { roles: string[] };
        puts.push({ url: 'roles', body });
        stored.row = { ...stored.row, roles: body.roles };
        return HttpResponse.json({ data: stored.row });
      }),
      http.put('*/api/v2/users/7/organizations', async ({ request }) => {
        const body = (await request.json()) as { organizations: number[] };
        puts.push({ url: 'organizations', body });
        stored.row = { ...stored.row, ...body };
        return HttpResponse.json({ data: stored.row });
      }),
    );
    renderShell(null, { user: admin, path, routes });

    expect(await screen.findByRole('heading', { level: 1, name: 'Lena Schmidt' })).toBeVisible();
    expect(screen.getByText('lena · lena@example.org')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Lena Schmidt/));

    const roles = within(section('Roles')).getByRole('group', { name: 'Roles' });
    expect(within(roles).getByRole('checkbox', { name: 'Learner' })).toBeChecked();
    expect(within(roles).queryByRole('checkbox', { name: /Authenticated/ })).toBeNull();
    await userEvent.click(within(roles).getByRole('checkbox', { name: 'Learner' }));
    await userEvent.click(within(roles).getByRole('checkbox', { name: 'Trainer' }));
    await userEvent.click(within(section('Roles')).getByRole('button', { name: 'Save roles' }));
    expect(await screen.findByText('The roles of Lena Schmidt have been saved.')).toBeVisible();

    const organizations = section('Organizations');
    expect(within(organizations).getByRole('checkbox', { name: 'Northwind' })).toBeChecked();
    await userEvent.click(within(organizations).getByRole('checkbox', { name: 'Contoso' }));
    await userEvent.click(
      within(organizations).getByRole('button', { name: 'Save organizations' }),
    );
    expect(
      await screen.findByText('The organizations of Lena Schmidt have been saved.'),
    ).toBeVisible();

    expect(puts).toEqual([
      { url: 'roles', body: { roles: ['trainer'] } },
      { url: 'organizations', body: { organizations: [3, 4] } },
    ]);
  }, 20_000);

  it('sends only the changed profile fields', async () => {
    const patches: unknown[] = [];
    server.use(
      ...lenaHandlers(),
      http.patch('*/api/v2/users/7', async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        patches.push(body);
        return HttpResponse.json({
          data: { ...lena, profile: { ...lena.profile, title: body.title } },
        });
      }),
    );
    renderShell(null, { user: admin, path, routes });

    const profile = await screen.findByRole('region', { name: 'Profile' });
    const title = within(profile).getByLabelText('Job title');
    expect(title).toHaveValue('Nurse');
    await userEvent.clear(title);
    await userEvent.type(title, 'Head nurse');
    await userEvent.click(within(profile).getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('The profile of Lena Schmidt has been saved.')).toBeVisible();
    expect(patches).toEqual([{ title: 'Head nurse' }]);
  }, 20_000);

  it('blocks only after confirmation, and unblocks', async () => {
    const calls: string[] = [];
    const stored = { row: lenaRow() };
    server.use(
      ...lenaHandlers(stored),
      http.post('*/api/v2/users/7/block', () => {
        calls.push('block');
        stored.row = lenaRow({ blocked: true });
        return HttpResponse.json({ data: stored.row });
      }),
      http.post('*/api/v2/users/7/unblock', () => {
        calls.push('unblock');
        stored.row = lenaRow({ blocked: false });
        return HttpResponse.json({ data: stored.row });
      }),
    );
    renderShell(null, { user: admin, path, routes });

    const account = await screen.findByRole('region', { name: 'Account' });
    expect(within(account).getByText('Active')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Act as this user' })).toBeInTheDocument();

    await userEvent.click(within(account).getByRole('button', { name: 'Block' }));
    let dialog = await screen.findByRole('dialog', { name: 'Block Lena Schmidt?' });
    expect(dialog).toHaveAccessibleDescription(/signed out everywhere/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);

    await userEvent.click(within(account).getByRole('button', { name: 'Block' }));
    dialog = await screen.findByRole('dialog', { name: 'Block Lena Schmidt?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));

    expect(await screen.findByText('Lena Schmidt has been blocked.')).toBeVisible();
    expect(within(account).getByText('Blocked')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Act as this user' })).toBeNull();
    expect(calls).toEqual(['block']);

    await userEvent.click(within(account).getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByText('Lena Schmidt can sign in again.')).toBeVisible();
    expect(calls).toEqual(['block', 'unblock']);
  }, 20_000);

  it("shows the server's reason when blocking is refused", async () => {
    server.use(
      ...lenaHandlers(),
      http.post('*/api/v2/users/7/block', () =>
        HttpResponse.json({ message: 'You cannot block your own account.' }, { status: 409 }),
      ),
    );
    renderShell(null, { user: admin, path, routes });

    const account = await screen.findByRole('region', { name: 'Account' });
    await userEvent.click(within(account).getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Lena Schmidt?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));

    expect(await screen.findByText('You cannot block your own account.')).toBeVisible();
    expect(within(account).getByText('Active')).toBeInTheDocument();
  }, 20_000);

  it('sets a new password and clears the field; a refused one shows why at the field', async () => {
    const bodies: unknown[] = [];
    server.use(
      ...lenaHandlers(),
      http.post('*/api/v2/users/7/password', async ({ request }) => {
        const body = (await request.json()) as { password: string };
        bodies.push(body);
        return body.password === 'password'
          ? HttpResponse.json(
              {
                message: 'Some fields are not valid.',
                messages: [{ path: 'password', text: 'Too easy to guess' }],
              },
              { status: 400 },
            )
          : HttpResponse.json({ data: lenaRow() });
      }),
    );
    renderShell(null, { user: admin, path, routes });

    const account = await screen.findByRole('region', { name: 'Account' });
    await userEvent.type(within(account).getByLabelText(/^New password/), 'password');
    await userEvent.click(within(account).getByRole('button', { name: 'Set password' }));
    expect(await within(account).findByText('Too easy to guess')).toBeVisible();
    expect(within(account).getByLabelText(/^New password/)).toHaveAccessibleDescription(
      /Too easy to guess/,
    );

    const field = within(account).getByLabelText(/^New password/);
    await userEvent.clear(field);
    await userEvent.type(field, 'a much better one');
    await userEvent.click(within(account).getByRole('button', { name: 'Set password' }));

    expect(await screen.findByText('The new password of Lena Schmidt has been set.')).toBeVisible();
    expect(within(account).getByLabelText(/^New password/)).toHaveValue('');
    expect(bodies).toEqual([{ password: 'password' }, { password: 'a much better one' }]);
  }, 20_000);

  it('acts as the person and goes to the dashboard', async () => {
    const started: string[] = [];
    server.use(
      ...lenaHandlers(),
      http.post('*/api/v2/admin/masquerade/:uid', ({ params }) => {
        started.push(String(params.uid));
        return HttpResponse.json({
          data: { ...lena, real_user: { uid: 1, name: 'admin', full_name: 'Ada Admin' } },
        });
      }),
    );
    const { router } = renderShell(null, { user: admin, path, routes });

    const region = await screen.findByRole('region', { name: 'Act as this user' });
    expect(
      within(region).getByText(
        'You will see the portal as Lena Schmidt sees it, until you switch back.',
      ),
    ).toBeVisible();
    await userEvent.click(within(region).getByRole('button', { name: 'Act as this user' }));
    // It asks first, naming the person; cancelling starts nothing.
    let dialog = await screen.findByRole('dialog', { name: 'Act as Lena Schmidt?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(started).toEqual([]);
    await userEvent.click(within(region).getByRole('button', { name: 'Act as this user' }));
    dialog = await screen.findByRole('dialog', { name: 'Act as Lena Schmidt?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Act as Lena Schmidt' }));

    expect(await screen.findByText('Dashboard')).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(started).toEqual(['7']);
  }, 20_000);

  it('shows why acting as an administrator is refused', async () => {
    server.use(
      ...lenaHandlers(),
      http.post('*/api/v2/admin/masquerade/7', () =>
        HttpResponse.json({ message: 'You cannot act as another administrator.' }, { status: 403 }),
      ),
    );
    const { router } = renderShell(null, { user: admin, path, routes });

    const region = await screen.findByRole('region', { name: 'Act as this user' });
    await userEvent.click(within(region).getByRole('button', { name: 'Act as this user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Act as Lena Schmidt?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Act as Lena Schmidt' }));

    expect(await screen.findByText('You cannot act as another administrator.')).toBeVisible();
    expect(router.state.location.pathname).toBe(path);
  }, 20_000);

  it('offers no acting as oneself', async () => {
    server.use(...lenaHandlers());
    renderShell(null, { user: { ...admin, uid: 7 }, path, routes });

    expect(await screen.findByRole('region', { name: 'Account' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Act as this user' })).toBeNull();
  }, 20_000);

  it('says when there is no such user, with the way back', async () => {
    server.use(
      ...choiceHandlers,
      http.get('*/api/v2/users/99', () =>
        HttpResponse.json({ message: 'Not found' }, { status: 404 }),
      ),
      http.get('*/api/v2/users/99/account', () =>
        HttpResponse.json({ message: 'Not found' }, { status: 404 }),
      ),
    );
    const { router } = renderShell(null, { user: admin, path: '/settings/site/users/99', routes });

    expect(await screen.findByText('There is no user with this number.')).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Back to users' }));
    expect(router.state.location.pathname).toBe('/settings/site/users');
  }, 20_000);
});
