import { accessFlagNames } from '@schemas/entities/access-flags.schema';
import type { AccessMatrix, Role } from '@schemas/entities/site-admin.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { renderShell } from '@/shell/__tests__/test-utils';
import AccessPage from '../pages/access-page';
import { admin } from './fixtures';

setupMockServer();

const path = '/settings/site/access';
const routes = () => [
  { path, element: <AccessPage /> },
  { path: '/settings/site/settings', element: <h1>Site settings</h1> },
];

const matrix = (): AccessMatrix => ({
  roles: [
    { name: 'anonymous', label: 'Anonymous user', flags: ['storefront_page'] },
    {
      name: 'authenticated',
      label: 'Authenticated user',
      flags: ['storefront_page', 'incentives_shop'],
    },
    { name: 'learner', label: 'Learner', flags: [] },
    { name: 'trainer', label: 'Trainer', flags: ['availability_feature_manage_own'] },
    { name: 'administrator', label: 'Administrator', flags: [...accessFlagNames] },
  ],
  flags: [...accessFlagNames],
});

/** Serves the matrix and records every PUT; `refuse` answers chosen roles with an error. */
function accessServer(refuse: Record<string, { status: number; body: object }> = {}) {
  const stored = matrix();
  const puts: { role: string; flags: string[] }[] = [];
  server.use(
    http.get('*/api/v2/admin/access', () => HttpResponse.json({ data: stored })),
    http.put<{ role: string }>('*/api/v2/admin/access/:role', async ({ params, request }) => {
      const { flags } = (await request.json()) as { flags: string[] };
      puts.push({ role: params.role, flags });
      const refusal = refuse[params.role];
      if (refusal) return HttpResponse.json(refusal.body, { status: refusal.status });
      const role = stored.roles.find((r) => r.name === params.role)!;
      role.flags = flags;
      const saved: Role = { ...role, weight: 0, assignable: true };
      return HttpResponse.json({ data: saved });
    }),
  );
  return puts;
}

const box = (name: string) => screen.getByRole('checkbox', { name });
const column = (name: RegExp) => screen.getByRole('columnheader', { name });

describe('Roles and access page', () => {
  it('drafts ticks, marks the changed roles and saves only those, with their full flag lists', async () => {
    const puts = accessServer();
    renderShell(null, { user: admin, path, routes });

    expect(await screen.findByRole('table', { name: 'Access flags by role' })).toBeInTheDocument();
    expect(screen.getByText('Changes apply at once to everyone with that role.')).toBeVisible();
    expect(screen.getByRole('rowheader', { name: /Reward shop management/ })).toHaveTextContent(
      'incentives_shop_settings_available',
    );
    expect(screen.getByRole('rowheader', { name: 'Incentives' })).toBeInTheDocument();
    expect(box('Own availability for Trainer')).toBeChecked();
    expect(box('Reward shop for Signed-in users')).toBeChecked();
    expect(box('Reward shop for Learner')).not.toBeChecked();
    // The server would refuse these, so they are not offered.
    expect(box('Site administration for Administrator')).toBeDisabled();
    expect(box('Site administration for Visitors')).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('No unsaved changes.');

    await userEvent.click(box('Own availability for Learner'));
    await userEvent.click(box('Storefront page for Learner'));
    await userEvent.click(box('Reward shop for Trainer'));
    await userEvent.click(box('Own availability for Trainer'));
    // Ticked and unticked again: nothing to save for visitors.
    await userEvent.click(box('Storefront page for Visitors'));
    await userEvent.click(box('Storefront page for Visitors'));

    expect(within(column(/Learner/)).getByText('Unsaved')).toBeInTheDocument();
    expect(within(column(/Trainer/)).getByText('Unsaved')).toBeInTheDocument();
    expect(within(column(/Visitors/)).queryByText('Unsaved')).not.toBeInTheDocument();
    expect(within(column(/Administrator/)).queryByText('Unsaved')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Unsaved changes for Learner and Trainer.',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Access saved for Learner and Trainer.')).toBeInTheDocument();
    expect(puts).toEqual([
      { role: 'learner', flags: ['storefront_page', 'availability_feature_manage_own'] },
      { role: 'trainer', flags: ['incentives_shop'] },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('No unsaved changes.'),
    );
    expect(within(column(/Trainer/)).queryByText('Unsaved')).not.toBeInTheDocument();
    expect(box('Reward shop for Trainer')).toBeChecked();
    expect(box('Own availability for Trainer')).not.toBeChecked();

    // Saving with nothing changed sends nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Nothing has changed.')).toBeInTheDocument();
    expect(puts).toHaveLength(2);
  }, 20_000);

  it("shows a refusal's message, marks refused ticks and keeps those roles unsaved", async () => {
    const puts = accessServer({
      trainer: {
        status: 409,
        body: {
          message:
            'The site would have no administrator. Give another active user the administrator role first.',
        },
      },
      learner: {
        status: 400,
        body: {
          message: 'Some fields are not valid.',
          messages: [{ path: 'flags[1]', text: 'Unknown access flag' }],
        },
      },
    });
    renderShell(null, { user: admin, path, routes });

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Reward shop for Trainer' }));
    await userEvent.click(box('Storefront editing for Learner'));
    await userEvent.click(box('Incentives settings for Learner'));
    await userEvent.click(box('Storefront editing for Signed-in users'));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(
      await screen.findByText(
        'Access for Trainer was not saved. The site would have no administrator. Give another active user the administrator role first.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Access saved for Signed-in users.')).toBeInTheDocument();
    expect(puts.map((p) => p.role)).toEqual(['authenticated', 'learner', 'trainer']);

    // The 400's message sits with the tick it is about (flags[1] of the list that was sent).
    const refused = box('Incentives settings for Learner');
    expect(refused).toHaveAttribute('aria-invalid', 'true');
    expect(refused).toHaveAccessibleDescription(
      'Incentives settings for Learner: Unknown access flag',
    );
    expect(box('Storefront editing for Learner')).not.toHaveAttribute('aria-invalid');
    expect(within(column(/Learner/)).getByText('Unsaved')).toBeInTheDocument();
    expect(within(column(/Trainer/)).getByText('Unsaved')).toBeInTheDocument();
    expect(within(column(/Signed-in users/)).queryByText('Unsaved')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Unsaved changes for Learner and Trainer.',
    );
  }, 20_000);

  it('discards the drafted ticks after asking, and asks before leaving with unsaved ones', async () => {
    const puts = accessServer();
    const { router } = renderShell(null, { user: admin, path, routes });

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Reward shop for Learner' }));
    await userEvent.click(box('Storefront page for Trainer'));
    expect(box('Reward shop for Learner')).toBeChecked();

    await userEvent.click(screen.getByRole('link', { name: 'Open the site settings' }));
    const leave = screen.getByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(leave).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe(path);

    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard your unsaved changes?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard changes' }));

    expect(box('Reward shop for Learner')).not.toBeChecked();
    expect(box('Storefront page for Trainer')).not.toBeChecked();
    expect(within(column(/Learner/)).queryByText('Unsaved')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('No unsaved changes.');
    expect(screen.queryByRole('button', { name: 'Discard changes' })).not.toBeInTheDocument();

    // Nothing is pending now, so the page can be left without a question.
    await userEvent.click(screen.getByRole('link', { name: 'Open the site settings' }));
    expect(await screen.findByRole('heading', { name: 'Site settings' })).toBeInTheDocument();
    expect(puts).toEqual([]);
  }, 20_000);

  it('offers to try again when the matrix cannot be loaded', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/v2/admin/access', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'Unprocessable' }, { status: 422 })
          : HttpResponse.json({ data: matrix() });
      }),
    );
    renderShell(null, { user: admin, path, routes });

    expect(
      await screen.findByText('The roles and their access could not be loaded.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: 'Reward shop for Learner' })).toBeVisible();
  }, 20_000);
});
