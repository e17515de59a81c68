import { createTranslator } from '@engine/core';
import type { AuditEntry } from '@schemas/entities/site-admin.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { renderShell } from '@/shell/__tests__/test-utils';
import AuditPage from '../pages/audit-page';
import { admin, meta } from './fixtures';

setupMockServer();

const path = '/settings/site/audit';
const routes = () => [{ path, element: <AuditPage /> }];
const translator = createTranslator({
  language: 'en',
  translations: [],
  dateFormats: { medium: 'D, d/m/Y - H:i' },
  timeZone: 'Asia/Dubai',
});
const ada = { uid: 1, full_name: 'Ada Admin' };

const entry = (id: number, over: Partial<AuditEntry>): AuditEntry => ({
  id,
  actor: ada,
  as: null,
  action: 'settings.site',
  target: 'settings:site',
  details: {},
  created: '2025-03-05T14:07:00.000Z',
  ...over,
});

const firstPage = [
  entry(4, {
    action: 'role.flags',
    target: 'role:trainer',
    details: {
      flags: {
        old: ['availability_feature_manage_own', 'storefront_page'],
        new: ['availability_feature_manage_own', 'incentives_shop'],
      },
    },
  }),
  entry(3, {
    as: { uid: 7, full_name: 'Lena Maria Schmidt' },
    action: 'user.update',
    target: 'user:7',
    details: { first_name: { old: 'Lena', new: 'Lena Maria' } },
    created: '2025-03-04T08:30:00.000Z',
  }),
  entry(2, {
    actor: null,
    action: 'incentives.expiry.run',
    target: 'points',
    details: { expired: 12 },
  }),
  entry(1, {
    details: {
      site_name: { old: 'Atrium', new: 'Atrium Academy' },
      breadcrumbs_enabled: { old: true, new: false },
      logo: { old: '', new: '/files/logo.svg' },
      signup_url: { old: '/user/register', new: null },
      organization_name: { old: 'Atrium', new: 'Atrium Learning' },
    },
  }),
];

function auditServer(answer?: (query: URLSearchParams) => Response | undefined) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v2/admin/audit', ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const custom = answer?.(query);
      if (custom) return custom;
      const page = Number(query.get('page'));
      return HttpResponse.json({
        data:
          page === 0
            ? firstPage
            : [entry(30, { action: 'language.create', target: 'language:de' })],
        meta: meta(60, page),
      });
    }),
    http.get('*/api/v2/admin/audit/actors', () =>
      HttpResponse.json({
        data: [
          { uid: 1, full_name: 'Ada Admin' },
          { uid: 7, full_name: 'Lena Schmidt' },
        ],
      }),
    ),
  );
  return queries;
}

describe('Audit log page', () => {
  it('shows who did what, when, to what and what changed, and pages', async () => {
    const queries = auditServer();
    const { router } = renderShell(null, { user: admin, path, routes, translator });

    const table = await screen.findByRole('table', { name: '60 changes' });
    expect(queries[0]?.get('limit')).toBe('25');
    expect(queries[0]?.get('page')).toBe('0');

    const role = within(table).getByRole('row', { name: /role\.flags/ });
    // Shown in the site's medium format, in the viewer's time zone.
    expect(within(role).getByRole('rowheader')).toHaveTextContent('Wed, 05/03/2025 - 18:07');
    expect(
      within(role).getByRole('link', { name: 'Show only changes by Ada Admin' }),
    ).toHaveAttribute('href', `${path}?actor=1`);
    expect(within(role).getByText('Access of a role changed')).toBeInTheDocument();
    expect(within(role).getByRole('link', { name: 'Role' })).toHaveAttribute(
      'href',
      '/settings/site/access',
    );
    expect(within(role).getByText('trainer')).toBeInTheDocument();
    expect(within(role).getByText('flags')).toBeInTheDocument();
    expect(within(role).getByText('Added: incentives_shop')).toBeInTheDocument();
    expect(within(role).getByText('Removed: storefront_page')).toBeInTheDocument();

    const profile = within(table).getByRole('row', { name: /user\.update/ });
    expect(within(profile).getByText('as Lena Maria Schmidt')).toBeInTheDocument();
    expect(within(profile).getByText('Profile changed')).toBeInTheDocument();
    expect(within(profile).getByRole('link', { name: 'User' })).toHaveAttribute(
      'href',
      '/settings/site/users/7',
    );
    expect(within(profile).getByText('first_name')).toBeInTheDocument();
    expect(within(profile).getByText('Lena')).toBeInTheDocument();
    expect(within(profile).getByText('Lena Maria')).toBeInTheDocument();
    expect(within(profile).getByRole('definition')).toHaveTextContent(
      'Lena → changed to Lena Maria',
    );

    const expiry = within(table).getByRole('row', { name: /incentives\.expiry\.run/ });
    expect(within(expiry).getByText('The system')).toBeInTheDocument();
    expect(within(expiry).getByText('Points expired')).toBeInTheDocument();
    expect(within(expiry).getByRole('definition')).toHaveTextContent('12');

    // Five changed fields fold away until asked for.
    const settings = within(table).getByRole('row', { name: /settings\.site/ });
    const summary = within(settings).getByText('5 changed fields');
    expect(within(settings).getByText('site_name')).not.toBeVisible();
    await userEvent.click(summary);
    expect(within(settings).getByText('site_name')).toBeVisible();
    expect(within(settings).getAllByText('(empty)')).toHaveLength(2);
    const crumbs = within(settings).getByText('breadcrumbs_enabled').closest('div')!;
    expect(crumbs).toHaveTextContent('Yes → changed to No');

    await userEvent.click(screen.getByRole('link', { name: 'Next' }));
    expect(await screen.findByText('Language added')).toBeInTheDocument();
    expect(queries.at(-1)?.get('page')).toBe('1');
    expect(router.state.location.search).toBe('?page=1');
  }, 20_000);

  it('sends the filters, keeps them in the address and filters by a person from a row', async () => {
    const queries = auditServer();
    const { router } = renderShell(null, {
      user: admin,
      path: `${path}?page=2`,
      routes,
      translator,
    });
    await screen.findByRole('table');

    await userEvent.selectOptions(screen.getByLabelText('Area'), 'Users');
    await userEvent.selectOptions(
      screen.getByLabelText('Changed by'),
      await screen.findByRole('option', { name: 'Lena Schmidt' }),
    );
    // Typed in the site's date format (day/month/year), not the browser's.
    await userEvent.type(screen.getByLabelText('From'), '1/3/2025');
    await userEvent.type(screen.getByLabelText('To'), '31/03/2025');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(queries.at(-1)?.get('action')).toBe('user'));
    const sent = queries.at(-1)!;
    expect(sent.get('actor')).toBe('7');
    expect(sent.get('from')).toBe('2025-03-01');
    expect(sent.get('to')).toBe('2025-03-31');
    // New filters start again on the first page.
    expect(sent.get('page')).toBe('0');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      actor: '7',
      action: 'user',
      from: '2025-03-01',
      to: '2025-03-31',
    });

    const row = (await screen.findAllByRole('row', { name: /role\.flags/ }))[0]!;
    await userEvent.click(
      within(row).getByRole('link', { name: 'Show only changes by Ada Admin' }),
    );
    await waitFor(() => expect(queries.at(-1)?.get('actor')).toBe('1'));
    expect(queries.at(-1)?.get('action')).toBe('user');
    expect(screen.getByLabelText('Changed by')).toHaveDisplayValue('Ada Admin');
  }, 20_000);

  it('refuses an end before the start, says when nothing matches and clears the filters', async () => {
    const queries = auditServer((query) =>
      query.get('action') ? HttpResponse.json({ data: [], meta: meta(0) }) : undefined,
    );
    const { router } = renderShell(null, {
      user: admin,
      path: `${path}?action=masquerade`,
      routes,
      translator,
    });

    expect(await screen.findByText('No changes match these filters.')).toBeInTheDocument();
    expect(queries[0]?.get('action')).toBe('masquerade');
    expect(screen.getByLabelText('Area')).toHaveValue('masquerade');

    // A date that does not exist is refused at its field, and nothing is asked of the server.
    const from = screen.getByLabelText('From');
    await userEvent.type(from, '31/02/2025');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription(
      `Enter a date like 31/12/${new Date().getFullYear()}.`,
    );
    expect(from).toHaveFocus();
    expect(queries).toHaveLength(1);

    await userEvent.clear(from);
    await userEvent.type(from, '10/03/2025');
    await userEvent.type(screen.getByLabelText('To'), '01/03/2025');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    const to = screen.getByLabelText('To');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription('Must not be before the start');
    expect(to).toHaveFocus();
    expect(queries).toHaveLength(1);
    expect(router.state.location.search).toBe('?action=masquerade');

    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    await userEvent.click(clear.at(-1)!);
    expect(await screen.findByRole('table', { name: '60 changes' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('To')).not.toHaveAttribute('aria-invalid');
  }, 20_000);

  it('names the real user, the user acted as, the method and the route of a change made while acting', async () => {
    const lena = { uid: 7, full_name: 'Lena Schmidt' };
    auditServer(() =>
      HttpResponse.json({
        data: [
          entry(6, { as: lena, action: 'masquerade.end', target: 'user:7' }),
          entry(5, {
            as: lena,
            action: 'masquerade.request',
            target: 'user:7',
            details: {
              method: 'POST',
              route: '/api/v2/incentives/shop_checkout',
              path: '/api/v2/incentives/shop_checkout',
            },
          }),
        ],
        meta: meta(2),
      }),
    );
    renderShell(null, { user: admin, path, routes, translator });

    const table = await screen.findByRole('table', { name: '2 changes' });
    const request = within(table).getByRole('row', { name: /masquerade\.request/ });
    expect(within(request).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(request).getByText('as Lena Schmidt')).toBeInTheDocument();
    expect(within(request).getByText('Request made while acting as another user')).toBeVisible();
    expect(within(request).getByText('method').closest('div')).toHaveTextContent('POST');
    expect(within(request).getByText('route').closest('div')).toHaveTextContent(
      '/api/v2/incentives/shop_checkout',
    );
    const ended = within(table).getByRole('row', { name: /masquerade\.end/ });
    expect(within(ended).getByText('as Lena Schmidt')).toBeInTheDocument();
    expect(
      within(ended).getByText('Acting as another user ended: no longer allowed'),
    ).toBeInTheDocument();
  }, 20_000);

  it("puts the server's message on a refused filter from the address", async () => {
    auditServer(() =>
      HttpResponse.json(
        {
          message: 'Some fields are not valid.',
          messages: [{ path: 'to', text: 'Must not be before the start' }],
        },
        { status: 400 },
      ),
    );
    renderShell(null, {
      user: admin,
      path: `${path}?from=2025-03-10&to=2025-03-01`,
      routes,
      translator,
    });

    expect(await screen.findByText('These filters cannot be applied.')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription('Must not be before the start');
  }, 20_000);

  it('offers to try again when the log cannot be loaded', async () => {
    let calls = 0;
    auditServer(() => {
      calls += 1;
      return calls === 1
        ? HttpResponse.json({ message: 'Unprocessable' }, { status: 422 })
        : undefined;
    });
    renderShell(null, { user: admin, path, routes, translator });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The audit log could not be loaded.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: '60 changes' })).toBeInTheDocument();
  }, 20_000);
});
