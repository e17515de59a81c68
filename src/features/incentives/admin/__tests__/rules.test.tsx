import {
  awardGuardDefaults,
  awardGuardSchema,
  type Rules,
} from '@schemas/entities/incentives.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ruleTypes } from '@schemas/incentives/rule-types';
import { adminRulesQueryKey } from '@/lib/queries/incentives-admin-rules';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { renderShell } from '@/shell/__tests__/test-utils';
import RulesPage from '../pages/rules-page';
import { admin, meta } from './fixtures';

setupMockServer();

const stored: Rules = {
  rules: [
    {
      type: 'training_completed',
      enabled: true,
      points: 100,
      cooldown_hours: 0,
      cap: null,
      cap_period: 'month',
    },
    {
      type: 'daily_login',
      enabled: false,
      points: 5,
      cooldown_hours: 20,
      cap: 7,
      cap_period: 'week',
    },
  ],
  expiry_schedule_id: null,
};

const schedules = [
  {
    id: 3,
    name: 'Twelve months',
    type: 'rolling',
    months: 12,
    fixed_date: null,
    enabled: true,
    created: '2025-01-01T00:00:00Z',
  },
];

function card(name: string) {
  return screen.getByRole('heading', { name }).closest('li')!;
}

describe('Rules page', () => {
  it('shows a card per rule type, saves into the cache without refetching', async () => {
    let gets = 0;
    let posted: Rules | undefined;
    server.use(
      http.get('*/api/v2/settings/incentives/rules', () => {
        gets += 1;
        return HttpResponse.json({ data: stored });
      }),
      http.get('*/api/v2/incentives/expiry_schedules', () =>
        HttpResponse.json({ data: schedules, meta: meta(1) }),
      ),
      http.post('*/api/v2/settings/incentives/rules', async ({ request }) => {
        posted = (await request.json()) as Rules;
        return HttpResponse.json({ data: posted });
      }),
    );
    const { queryClient } = renderShell(<RulesPage />, {
      user: admin,
      path: '/settings/incentives/rules',
    });

    const completed = await screen.findByRole('heading', { name: 'Training completed' });
    expect(completed).toBeInTheDocument();
    // Every declared type has a card, stored or not (defaults for the missing ones).
    for (const name of ['Training started', 'Daily login', 'Profile completed'])
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    expect(
      within(card('Daily login')).getByRole('checkbox', { name: 'Daily login: On' }),
    ).not.toBeChecked();
    expect(
      within(card('Training started')).getByText(
        'Points when a learner subscribes to a training for the first time.',
      ),
    ).toBeInTheDocument();

    const points = within(card('Training completed')).getByLabelText('Points');
    await userEvent.clear(points);
    await userEvent.type(points, '150');
    await userEvent.click(within(card('Daily login')).getByRole('checkbox'));
    await userEvent.selectOptions(
      await screen.findByLabelText('Expiry schedule'),
      await screen.findByRole('option', { name: 'Twelve months' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save rules' }));

    expect(await screen.findByText('The rules have been saved.')).toBeInTheDocument();
    expect(posted?.expiry_schedule_id).toBe(3);
    expect(posted?.rules.map((r) => r.type)).toEqual(ruleTypes.map((r) => r.type));
    expect(posted?.rules[0]).toMatchObject({ points: 150, cap: null });
    expect(posted?.rules[2]).toMatchObject({ enabled: true });
    expect(queryClient.getQueryData<Rules>(adminRulesQueryKey)).toEqual(posted);
    expect(gets).toBe(1);
  }, 20_000);

  it('shows the field message of a failed save, keeps the input and refetches the rules', async () => {
    let gets = 0;
    server.use(
      http.get('*/api/v2/settings/incentives/rules', () => {
        gets += 1;
        return HttpResponse.json({ data: stored });
      }),
      http.get('*/api/v2/incentives/expiry_schedules', () =>
        HttpResponse.json({ data: [], meta: meta(0) }),
      ),
      http.post('*/api/v2/settings/incentives/rules', () =>
        HttpResponse.json(
          {
            message: 'The rules are not valid.',
            messages: [{ path: 'rules[0][points]', text: 'Must be at most 100000' }],
          },
          { status: 400 },
        ),
      ),
    );
    renderShell(<RulesPage />, { user: admin, path: '/settings/incentives/rules' });
    await screen.findByRole('heading', { name: 'Training completed' });
    expect(gets).toBe(1);

    const points = within(card('Training completed')).getByLabelText('Points');
    await userEvent.clear(points);
    await userEvent.type(points, '999999');
    await userEvent.click(screen.getByRole('button', { name: 'Save rules' }));

    expect(await screen.findByText('Must be at most 100000')).toBeInTheDocument();
    expect(within(card('Training completed')).getByLabelText('Points')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await waitFor(() => expect(gets).toBe(2));
    expect(within(card('Training completed')).getByLabelText('Points')).toHaveValue(999999);
  }, 20_000);

  it('renders the cheat guard from its schema, saves it, and shows its field messages', async () => {
    const bodies: Rules[] = [];
    server.use(
      http.get('*/api/v2/settings/incentives/rules', () =>
        HttpResponse.json({
          data: { ...stored, guard: { ...awardGuardDefaults, max_points: null } },
        }),
      ),
      http.get('*/api/v2/incentives/expiry_schedules', () =>
        HttpResponse.json({ data: [], meta: meta(0) }),
      ),
      http.post('*/api/v2/settings/incentives/rules', async ({ request }) => {
        const body = (await request.json()) as Rules;
        bodies.push(body);
        return body.guard?.window_minutes === 0
          ? HttpResponse.json(
              {
                message: 'The rules are not valid.',
                messages: [{ path: 'guard[window_minutes]', text: 'Must be at least 1' }],
              },
              { status: 400 },
            )
          : HttpResponse.json({ data: body });
      }),
    );
    renderShell(<RulesPage />, { user: admin, path: '/settings/incentives/rules' });
    const guard = (await screen.findByRole('heading', { name: awardGuardSchema.title })).closest(
      'section',
    )!;
    expect(
      within(guard).getByText(awardGuardSchema.description, { exact: false }),
    ).toBeInTheDocument();
    // One field per declared property: its title as label, its description as help.
    const properties = Object.values(awardGuardSchema.properties);
    expect(within(guard).getAllByRole('spinbutton')).toHaveLength(properties.length);
    for (const property of properties) {
      const input = within(guard).getByLabelText(property.title);
      expect(input).toHaveAccessibleDescription(property.description);
      expect(input).toHaveAttribute('min', String(property.minimum));
      expect(input).toHaveAttribute('max', String(property.maximum));
    }
    const most = within(guard).getByLabelText(awardGuardSchema.properties.max_awards.title);
    expect(most).toHaveValue(awardGuardDefaults.max_awards);
    // A limit left empty is "no limit".
    const points = within(guard).getByLabelText(awardGuardSchema.properties.max_points.title);
    expect(points).toHaveValue(null);
    expect(points).toHaveAttribute('placeholder', 'No limit');

    await userEvent.clear(most);
    await userEvent.type(most, '5');
    await userEvent.type(points, '400');
    const seconds = within(guard).getByLabelText(
      awardGuardSchema.properties.rule_interval_seconds.title,
    );
    await userEvent.clear(seconds);
    await userEvent.type(seconds, '90');
    await userEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText('The rules have been saved.')).toBeInTheDocument();
    expect(bodies[0]?.guard).toEqual({
      ...awardGuardDefaults,
      max_awards: 5,
      max_points: 400,
      rule_interval_seconds: 90,
    });

    const frame = within(guard).getByLabelText(awardGuardSchema.properties.window_minutes.title);
    await userEvent.clear(frame);
    await userEvent.type(frame, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await within(guard).findByText('Must be at least 1')).toBeInTheDocument();
    expect(frame).toHaveAttribute('aria-invalid', 'true');
    expect(frame).toHaveAccessibleDescription(
      `${awardGuardSchema.properties.window_minutes.description} Must be at least 1`,
    );
  }, 20_000);
  it('renders a rule type’s parameters from its schema, saves them and shows their field messages', async () => {
    const streak = ruleTypes.find((r) => r.type === 'login_streak')!;
    const days = streak.params!.properties.days!;
    // The label reads the title, and a star for a required field.
    const label = new RegExp(`^${days.title}`);
    const bodies: Rules[] = [];
    server.use(
      http.get('*/api/v2/settings/incentives/rules', () => HttpResponse.json({ data: stored })),
      http.get('*/api/v2/incentives/expiry_schedules', () =>
        HttpResponse.json({ data: [], meta: meta(0) }),
      ),
      http.post('*/api/v2/settings/incentives/rules', async ({ request }) => {
        const body = (await request.json()) as Rules;
        bodies.push(body);
        const index = body.rules.findIndex((r) => r.type === 'login_streak');
        return body.rules[index]?.params?.days === 300
          ? HttpResponse.json(
              {
                message: 'Some fields are not valid.',
                messages: [{ path: `rules[${index}][params][days]`, text: 'Must be at most 200' }],
              },
              { status: 400 },
            )
          : HttpResponse.json({ data: body });
      }),
    );
    renderShell(<RulesPage />, { user: admin, path: '/settings/incentives/rules' });
    await screen.findByRole('heading', { name: streak.label });
    // A type without parameters shows none; the streak shows its one, with its default.
    expect(within(card('Daily login')).queryByLabelText(label)).toBeNull();
    const field = within(card(streak.label)).getByLabelText(label);
    expect(field).toHaveValue(Number(days.default));
    expect(within(card(streak.label)).getByText(days.description!)).toBeInTheDocument();

    await userEvent.clear(field);
    await userEvent.type(field, '10');
    await userEvent.click(within(card(streak.label)).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText('The rules have been saved.')).toBeInTheDocument();
    expect(bodies[0]?.rules.find((r) => r.type === 'login_streak')).toMatchObject({
      enabled: true,
      params: { days: 10 },
    });
    // Rules stored before the type had parameters are sent with their defaults.
    expect(bodies[0]?.rules.find((r) => r.type === 'daily_login')?.params).toEqual({});

    const again = within(card(streak.label)).getByLabelText(label);
    await userEvent.clear(again);
    await userEvent.type(again, '300');
    await userEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await within(card(streak.label)).findByText('Must be at most 200')).toBeInTheDocument();
  }, 20_000);
});
