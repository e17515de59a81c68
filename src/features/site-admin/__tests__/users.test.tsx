import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { renderShell } from '@/shell/__tests__/test-utils';
import UsersPage from '../pages/users-page';
import { admin, meta, person } from './fixtures';
import { roles } from './user-fixtures';

setupMockServer();

const routes = () => [{ path: '/settings/site/users', element: <UsersPage /> }];

const rolesAnswer = http.get('*/api/v2/roles', () => HttpResponse.json({ data: roles }));

const organizations = http.get('*/api/v2/organizations', () =>
  HttpResponse.json({
    data: [
      { id: 3, name: 'Northwind' },
      { id: 4, name: 'Contoso' },
    ],
    meta: meta(2, 0, 100),
  }),
);

describe('Users page', () => {
  it('lists people with roles, organizations and status, sends the filters and pages', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      organizations,
      rolesAnswer,
      http.get('*/api/v2/users', ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        const page = Number(query.get('page'));
        return HttpResponse.json({
          data:
            page === 0
              ? [
                  person(7, {
                    full_name: 'Lena Maria Schmidt',
                    name: 'learner',
                    organizations: [3, 4],
                  }),
                  person(9, { roles: ['authenticated', 'trainer'], blocked: true }),
                ]
              : [person(40)],
          meta: meta(26, page),
        });
      }),
    );
    const { router } = renderShell(null, { user: admin, path: '/settings/site/users', routes });

    const table = await screen.findByRole('table', { name: '26 users' });
    const lena = within(table).getByRole('row', { name: /Lena Maria Schmidt/ });
    expect(within(lena).getByText('learner')).toBeInTheDocument();
    expect(within(lena).getByText('Learner')).toBeInTheDocument();
    expect(within(lena).queryByText('authenticated')).not.toBeInTheDocument();
    expect(await within(lena).findByText('Northwind, Contoso')).toBeInTheDocument();
    expect(within(lena).getByText('Active')).toBeInTheDocument();
    expect(within(lena).getByRole('link', { name: 'Edit Lena Maria Schmidt' })).toHaveAttribute(
      'href',
      '/settings/site/users/7',
    );
    expect(screen.getByRole('link', { name: 'New user' })).toHaveAttribute(
      'href',
      '/settings/site/users/create',
    );
    const blocked = within(table).getByRole('row', { name: /Person 9/ });
    expect(within(blocked).getByText('Blocked')).toBeInTheDocument();
    expect(within(blocked).getByText('Trainer')).toBeInTheDocument();
    expect(queries[0]?.get('limit')).toBe('25');
    expect(queries[0]?.get('page')).toBe('0');

    await userEvent.click(screen.getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Person 40')).toBeInTheDocument());
    expect(queries.at(-1)?.get('page')).toBe('1');

    await userEvent.type(screen.getByLabelText('Search users'), 'schmidt');
    // The role filter offers the server's assignable roles, not the implicit ones.
    const roleFilter = screen.getByLabelText('Role');
    expect(await within(roleFilter).findByRole('option', { name: 'Auditor' })).toBeInTheDocument();
    expect(within(roleFilter).queryByRole('option', { name: /Authenticated/ })).toBeNull();
    await userEvent.selectOptions(roleFilter, 'trainer');
    await userEvent.selectOptions(await screen.findByLabelText('Organization'), 'Northwind');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Blocked');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('schmidt'));
    const sent = queries.at(-1)!;
    expect(sent.get('role')).toBe('trainer');
    expect(sent.get('organization')).toBe('3');
    expect(sent.get('blocked')).toBe('true');
    expect(sent.get('limit')).toBe('25');
    // New filters start again on the first page.
    expect(sent.get('page')).toBe('0');
    expect(new URLSearchParams(router.state.location.search).get('role')).toBe('trainer');
  }, 20_000);

  it('says when nobody matches and clears the filters', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      organizations,
      rolesAnswer,
      http.get('*/api/v2/users', ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        return query.get('search')
          ? HttpResponse.json({ data: [], meta: meta(0) })
          : HttpResponse.json({ data: [person(2)], meta: meta(1) });
      }),
    );
    const { router } = renderShell(null, {
      user: admin,
      path: '/settings/site/users?search=nobody&blocked=false',
      routes,
    });

    expect(await screen.findByText('No users match these filters.')).toBeInTheDocument();
    expect(queries[0]?.get('blocked')).toBe('false');
    expect(screen.getByLabelText('Search users')).toHaveValue('nobody');
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    await userEvent.click(clear.at(-1)!);
    expect(await screen.findByText('Person 2')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  }, 20_000);
});
