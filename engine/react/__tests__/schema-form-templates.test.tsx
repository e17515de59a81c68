import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTranslator } from '../../core';
import { I18nProvider } from '../index';
import { SchemaForm } from '../schema-form';
import type { SchemaFormOption, SchemaFormSource } from '../schema-form-widgets';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function withQueries(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** A source as a page registers one: a query hook over an endpoint. */
const useRoles: SchemaFormSource = () => {
  const query = useQuery({
    queryKey: ['roles'],
    queryFn: async () => {
      const response = await fetch('http://localhost/api/roles');
      if (!response.ok) throw new Error('failed');
      return ((await response.json()) as { data: SchemaFormOption[] }).data;
    },
  });
  return {
    options: query.data,
    isLoading: query.isPending,
    isError: query.isError,
    retry: () => void query.refetch(),
  };
};

const levels = {
  type: 'object',
  properties: {
    levels: {
      type: 'array',
      title: 'Levels',
      items: {
        type: 'object',
        title: 'Level',
        properties: { name: { type: 'string', title: 'Name' } },
      },
    },
    tags: { type: 'array', title: 'Tags', items: { type: 'string' } },
  },
} as const;

describe('SchemaForm arrays', () => {
  it('numbers titled items, names the add button after them and never says "-1" or "Add Item"', async () => {
    const onSubmit = vi.fn();
    const { container } = render(
      <SchemaForm schema={levels} formData={{ levels: [], tags: [] }} onSubmit={onSubmit} />,
    );
    const group = screen.getByRole('group', { name: 'Levels' });
    expect(within(group).getByText('None yet.')).toBeInTheDocument();

    await userEvent.click(within(group).getByRole('button', { name: 'Add level' }));
    await userEvent.click(within(group).getByRole('button', { name: 'Add level' }));
    expect(within(group).getByRole('group', { name: 'Level 1' })).toBeInTheDocument();
    const second = within(group).getByRole('group', { name: 'Level 2' });
    await userEvent.type(within(second).getByLabelText('Name'), 'Gold');

    // Keyboard: the icon buttons are buttons with names, reached and pressed like any other.
    const up = within(group).getByRole('button', { name: 'Move Level 2 up' });
    up.focus();
    await userEvent.keyboard('{Enter}');
    expect(
      within(within(group).getByRole('group', { name: 'Level 1' })).getByLabelText('Name'),
    ).toHaveValue('Gold');
    expect(within(group).getByRole('button', { name: 'Move Level 1 up' })).toBeDisabled();
    await userEvent.click(within(group).getByRole('button', { name: 'Remove Level 2' }));
    expect(within(group).queryByRole('group', { name: 'Level 2' })).not.toBeInTheDocument();

    const tags = screen.getByRole('group', { name: 'Tags' });
    await userEvent.click(within(tags).getByRole('button', { name: 'Add item' }));
    expect(within(tags).getByLabelText('Item 1')).toBeInTheDocument();

    expect(container.textContent).not.toMatch(/Add Item|-\d\b|Option \d/);
  });

  it('names array items and buttons in the interface language', async () => {
    const t = createTranslator({
      language: 'ar',
      dir: 'rtl',
      translations: [
        { source: 'Level', translation: 'مستوى' },
        { source: 'Add @item', translation: 'إضافة @item' },
        { source: '@item @number', translation: '@item @number' },
        { source: 'Remove @item', translation: 'إزالة @item' },
      ],
    });
    render(
      <I18nProvider translator={t}>
        <SchemaForm schema={levels} formData={{ levels: [{}] }} onSubmit={() => undefined} />
      </I18nProvider>,
    );
    expect(screen.getByRole('group', { name: 'مستوى 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إضافة مستوى' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إزالة مستوى 1' })).toBeInTheDocument();
  });
});

describe('SchemaForm choices', () => {
  it('labels an anyOf picker with the field title and its options with their titles', async () => {
    const schema = {
      type: 'object',
      properties: {
        size: {
          title: 'Size',
          anyOf: [
            { title: 'Centimetres', type: 'integer' },
            { title: 'Letter', type: 'string' },
            { type: 'boolean' },
          ],
        },
      },
    } as const;
    const { container } = render(<SchemaForm schema={schema} onSubmit={() => undefined} />);
    const picker = screen.getByRole('combobox', { name: 'Size' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(expect.arrayContaining(['Centimetres', 'Letter', 'Yes or no']));
    await userEvent.selectOptions(picker, 'Letter');
    expect(container.textContent).not.toMatch(/Option \d/);
  });

  it('draws a boolean as a checkbox with its label beside it, and an enum list as checkboxes', async () => {
    const onSubmit = vi.fn();
    const schema = {
      type: 'object',
      properties: {
        published: { type: 'boolean', title: 'Published' },
        days: {
          type: 'array',
          title: 'Days',
          uniqueItems: true,
          items: { type: 'string', enum: ['mon', 'tue'] },
        },
      },
    } as const;
    render(
      <SchemaForm
        schema={schema}
        uiSchema={{
          days: { 'ui:widget': 'checkboxes', items: { 'ui:enumNames': ['Monday', 'Tuesday'] } },
        }}
        onSubmit={onSubmit}
      />,
    );
    const published = screen.getByRole('checkbox', { name: 'Published' });
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    await userEvent.click(published);
    const days = screen.getByRole('group', { name: 'Days' });
    await userEvent.click(within(days).getByRole('checkbox', { name: 'Tuesday' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ published: true, days: ['tue'] });
  });

  it('loads a remote select’s options from the source the page registers', async () => {
    let fail = true;
    server.use(
      http.get('http://localhost/api/roles', () =>
        fail
          ? HttpResponse.json({ message: 'no' }, { status: 500 })
          : HttpResponse.json({
              data: [
                { value: 'editor', label: 'Editor' },
                { value: 'trainer', label: 'Trainer' },
              ],
            }),
      ),
    );
    const onSubmit = vi.fn();
    const schema = {
      type: 'object',
      properties: {
        role: { type: 'string', title: 'Role' },
        helpers: { type: 'array', title: 'Helpers', items: { type: 'string' } },
      },
    } as const;
    render(
      withQueries(
        <SchemaForm
          schema={schema}
          uiSchema={{
            role: { 'ui:widget': 'remoteSelect', 'ui:options': { source: 'roles' } },
            helpers: { 'ui:widget': 'remoteSelect', 'ui:options': { source: 'roles' } },
          }}
          sources={{ roles: useRoles }}
          onSubmit={onSubmit}
        />,
      ),
    );
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Loading options…');
    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]).toHaveTextContent('The options could not be loaded.');
    fail = false;
    await userEvent.click(within(alerts[0]!).getByRole('button', { name: 'Try again' }));

    const role = screen.getByRole('combobox', { name: 'Role' });
    await waitFor(() => expect(role).toBeEnabled());
    await userEvent.selectOptions(role, 'Trainer');
    const helpers = screen.getByRole('group', { name: 'Helpers' });
    await userEvent.click(within(helpers).getByRole('checkbox', { name: 'Editor' }));
    await userEvent.click(within(helpers).getByRole('checkbox', { name: 'Trainer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ role: 'trainer', helpers: ['editor', 'trainer'] });
  });
});

describe('SchemaForm dates', () => {
  it('reads and writes date-times in the viewer’s time zone, typed in the site’s format', async () => {
    const onSubmit = vi.fn();
    const t = createTranslator({
      language: 'en',
      dir: 'ltr',
      translations: [],
      timeZone: 'Asia/Dubai',
      dateFormats: { medium: 'D, d/m/Y - H:i', date_only: 'd/m/Y' },
    });
    const schema = {
      type: 'object',
      properties: {
        starts: { type: 'string', format: 'date-time', title: 'Starts' },
        day: { type: 'string', format: 'date', title: 'Day' },
      },
    } as const;
    render(
      <I18nProvider translator={t}>
        <SchemaForm
          schema={schema}
          formData={{ starts: '2024-03-05T14:07:00.000Z', day: '2024-03-09' }}
          onSubmit={onSubmit}
        />
      </I18nProvider>,
    );
    const starts = screen.getByLabelText('Starts');
    const day = screen.getByLabelText('Day');
    expect(starts).toHaveValue('05/03/2024 - 18:07');
    expect(day).toHaveValue('09/03/2024');
    expect(document.body.textContent).not.toMatch(/AM|PM|03\/05\/2024/);

    await userEvent.clear(starts);
    await userEvent.type(starts, '6/3/2024 9:30');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({
      starts: '2024-03-06T05:30:00.000Z',
      day: '2024-03-09',
    });
  });

  it('refuses a date it cannot read, with one message at the field, and saves nothing', async () => {
    const onSubmit = vi.fn();
    const t = createTranslator({
      language: 'en',
      dir: 'ltr',
      translations: [],
      dateFormats: { date_only: 'd/m/Y' },
    });
    const schema = {
      type: 'object',
      properties: { day: { type: 'string', format: 'date', title: 'Day' } },
    } as const;
    render(
      <I18nProvider translator={t}>
        <SchemaForm schema={schema} formData={{ day: '2024-03-09' }} onSubmit={onSubmit} />
      </I18nProvider>,
    );
    const day = screen.getByLabelText('Day');
    await userEvent.clear(day);
    await userEvent.type(day, '31/02/2024');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(day).toHaveAttribute('aria-invalid', 'true');
    expect(day).toHaveValue('31/02/2024');
    const message = `Enter a date like 31/12/${new Date().getFullYear()}.`;
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(day).toHaveAccessibleDescription(expect.stringContaining(message));

    await userEvent.clear(day);
    await userEvent.type(day, '29/02/2024');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ day: '2024-02-29' });
  });
});

describe('SchemaForm markup', () => {
  /** Every label, name and id the form puts in its markup, and its text. */
  function namesIn(container: HTMLElement): string[] {
    const names = [container.textContent ?? ''];
    for (const element of container.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        // Drawing data (an icon's path) is no name.
        if (attribute.name !== 'd' && attribute.name !== 'viewBox') names.push(attribute.value);
      }
    }
    return names;
  }

  it('gives list items and option fields no "Tags-1", "Add Item" or "Option 1", nor a label twice', () => {
    const schema = {
      type: 'object',
      properties: {
        tags: { type: 'array', title: 'Tags', items: { type: 'string' } },
        flags: { type: 'array', title: 'Flags', items: { type: 'boolean' } },
        values: {
          type: 'array',
          title: 'Values',
          items: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        },
        reward: {
          title: 'Reward',
          anyOf: [{ title: 'Points', type: 'integer' }, { type: 'string' }],
        },
        choice: { oneOf: [{ type: 'string' }, { type: 'number' }] },
        days: {
          type: 'array',
          title: 'Days',
          uniqueItems: true,
          items: { type: 'string', enum: ['mon', 'tue'] },
        },
      },
    } as const;
    const { container } = render(
      <SchemaForm
        schema={schema}
        uiSchema={{ days: { 'ui:widget': 'checkboxes' } }}
        formData={{ tags: ['a', 'b'], flags: [true], values: ['x'], reward: 3, choice: 'y' }}
        onSubmit={() => undefined}
      />,
    );
    for (const name of namesIn(container))
      expect(name).not.toMatch(/Add Item|Option \d|[A-Za-z]-\d/);

    // Each input has one label, with an id of its own.
    const ids = [...container.querySelectorAll('[id]')].map((e) => e.id);
    expect(ids.length).toBe(new Set(ids).size);
    for (const input of container.querySelectorAll('input, select'))
      expect(container.querySelectorAll(`label[for="${input.id}"]`).length).toBeLessThanOrEqual(1);

    expect(screen.getByRole('textbox', { name: 'Item 2' })).toHaveValue('b');
    expect(screen.getByRole('checkbox', { name: 'Item 1' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Reward' })).toHaveDisplayValue('Points');
    expect(screen.getByRole('spinbutton', { name: 'Points' })).toHaveValue(3);
    const values = screen.getByRole('group', { name: 'Values' });
    expect(within(values).getByRole('textbox', { name: 'Item 1' })).toHaveValue('x');
  });
});
