import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useParams } from 'react-router';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { renderShell } from '@/shell/__tests__/test-utils';
import UserCreatePage from '../pages/user-create-page';
import { admin, person } from './fixtures';
import { choiceHandlers } from './user-fixtures';

setupMockServer();

function Created() {
  return <p>User page {useParams().uid}</p>;
}

const routes = () => [
  { path: '/settings/site/users/create', element: <UserCreatePage /> },
  { path: '/settings/site/users/:uid', element: <Created /> },
];

const path = '/settings/site/users/create';

async function fillRequired() {
  await userEvent.type(await screen.findByLabelText(/^Username/), 'nadia');
  await userEvent.type(screen.getByLabelText(/^E-mail address/), 'nadia@example.org');
  await userEvent.type(screen.getByLabelText(/^Password/), 'correct horse');
}

describe('New user page', () => {
  it('sends the account with its roles, organizations and language, then opens it', async () => {
    const bodies: unknown[] = [];
    server.use(
      ...choiceHandlers,
      http.post('*/api/v2/users', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { data: person(12, { name: 'nadia', full_name: 'Nadia Haddad' }) },
          { status: 201 },
        );
      }),
    );
    const { router } = renderShell(null, { user: admin, path, routes });

    await fillRequired();
    await userEvent.type(screen.getByLabelText('First name'), 'Nadia');
    await userEvent.type(screen.getByLabelText('Last name'), 'Haddad');
    const roles = screen.getByRole('group', { name: 'Roles' });
    expect(within(roles).queryByRole('checkbox', { name: /Authenticated/ })).toBeNull();
    expect(within(roles).queryByRole('checkbox', { name: /Anonymous/ })).toBeNull();
    await userEvent.click(within(roles).getByRole('checkbox', { name: 'Trainer' }));
    await userEvent.click(within(roles).getByRole('checkbox', { name: 'Learner' }));
    const organizations = screen.getByRole('group', { name: 'Organizations' });
    await userEvent.click(within(organizations).getByRole('checkbox', { name: 'Northwind' }));
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'العربية');
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));

    expect(await screen.findByText('User page 12')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/site/users/12');
    // The toasts load with the first one.
    expect(
      await screen.findByText('The account of Nadia Haddad has been created.'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        name: 'nadia',
        mail: 'nadia@example.org',
        password: 'correct horse',
        first_name: 'Nadia',
        last_name: 'Haddad',
        language: 'ar',
        // In the order the roles are listed, whatever the order of the clicks.
        roles: ['learner', 'trainer'],
        organizations: [3],
      },
    ]);
  }, 20_000);

  it("shows the server's field messages at their fields", async () => {
    server.use(
      ...choiceHandlers,
      http.post('*/api/v2/users', () =>
        HttpResponse.json(
          {
            message: 'Some fields are not valid.',
            messages: [
              { path: 'country', text: 'Unknown country' },
              { path: 'roles[0]', text: 'Unknown role' },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    const { router } = renderShell(null, { user: admin, path, routes });

    await fillRequired();
    await userEvent.type(screen.getByLabelText('Country'), 'XX');
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Roles' })).getByRole('checkbox', {
        name: 'Auditor',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));

    expect(await screen.findByText('Unknown country')).toBeInTheDocument();
    expect(screen.getByLabelText('Country')).toHaveAccessibleDescription(/Unknown country/);
    expect(screen.getByRole('group', { name: 'Roles' })).toHaveAccessibleDescription(
      /Unknown role/,
    );
    expect(router.state.location.pathname).toBe(path);
  }, 20_000);

  it('says at the name field when the name is taken', async () => {
    server.use(
      ...choiceHandlers,
      http.post('*/api/v2/users', () =>
        HttpResponse.json(
          {
            message: 'This user name is taken.',
            messages: [{ path: 'name', text: 'This user name is taken.' }],
          },
          { status: 409 },
        ),
      ),
    );
    renderShell(null, { user: admin, path, routes });

    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));

    expect(await screen.findByText('This user name is taken.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Username/)).toHaveAccessibleDescription(
      /This user name is taken\./,
    );
    expect(screen.getByLabelText(/^Username/)).toHaveValue('nadia');
  }, 20_000);
});
