import Form from '@rjsf/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError, createTranslator } from '../../core';
import { I18nProvider } from '../index';
import { SchemaForm } from '../schema-form';

const schema = {
  $id: 'test/profile-form',
  type: 'object',
  required: ['first_name'],
  properties: {
    first_name: { type: 'string', title: 'First name', minLength: 1 },
    country: { type: 'string', title: 'Country', pattern: '^[A-Z]{2}$' },
    sections: {
      type: 'array',
      title: 'Sections',
      items: { type: 'object', properties: { title: { type: 'string', title: 'Section title' } } },
    },
  },
} as const;

type Profile = { first_name?: string; country?: string; sections?: { title?: string }[] };

describe('SchemaForm', () => {
  it('validates on submit only, then again on change', async () => {
    const onSubmit = vi.fn();
    render(<SchemaForm<Profile> schema={schema} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    const name = screen.getByLabelText(/First name/);
    await user.type(name, 'x');
    await user.clear(name);
    expect(screen.queryByText('Required')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(name, 'Ada');
    await waitFor(() => expect(screen.queryByText('Required')).not.toBeInTheDocument());
    await user.type(screen.getByLabelText('Country'), 'xx');
    expect(await screen.findByText('Invalid input')).toBeInTheDocument();
  });

  it('submits valid data', async () => {
    const onSubmit = vi.fn();
    render(
      <SchemaForm<Profile>
        schema={schema}
        formData={{ first_name: 'Ada' }}
        onSubmit={onSubmit}
        submitLabel="Save profile"
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ first_name: 'Ada' }));
  });

  it('marks required fields with a titled star and translates labels', () => {
    const translator = createTranslator({
      language: 'ar',
      translations: [
        { source: 'First name', translation: 'الاسم الأول' },
        { source: 'This field is required', translation: 'هذا الحقل مطلوب' },
        { source: 'Save', translation: 'حفظ' },
      ],
    });
    render(
      <I18nProvider translator={translator}>
        <SchemaForm<Profile> schema={schema} onSubmit={vi.fn()} />
      </I18nProvider>,
    );
    expect(screen.getByLabelText(/الاسم الأول/)).toBeInTheDocument();
    expect(screen.getByTitle('هذا الحقل مطلوب')).toHaveTextContent('*');
    expect(screen.getByRole('button', { name: 'حفظ' })).toBeInTheDocument();
  });

  it('shows server messages on the fields their bracket paths name', async () => {
    const error = new ApiRequestError(400, 'Invalid input', {
      messages: [
        { path: 'first_name', text: 'Name is taken' },
        { path: 'sections[0][title]', text: 'Title is too long' },
      ],
    });
    function Host() {
      const [serverErrors, setServerErrors] = useState<ApiRequestError | null>(null);
      return (
        <SchemaForm<Profile>
          schema={schema}
          formData={{ first_name: 'Ada', sections: [{ title: 'A very long title' }] }}
          serverErrors={serverErrors}
          onSubmit={() => {
            setServerErrors(error);
            return Promise.reject(error);
          }}
        />
      );
    }
    render(<Host />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const nameError = await screen.findByText('Name is taken');
    const nameField = screen.getByLabelText(/First name/).closest('.form-group');
    expect(nameField).toContainElement(nameError);
    const titleField = screen.getByLabelText('Section title').closest('.form-group');
    expect(titleField).toContainElement(screen.getByText('Title is too long'));
  });

  it('shows a general server message when no field is named', async () => {
    render(
      <SchemaForm<Profile>
        schema={schema}
        serverErrors={new ApiRequestError(409, 'Not enough points')}
        onSubmit={vi.fn()}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Not enough points');
  });

  it('validates with code generation forbidden, as under a CSP without unsafe-eval', async () => {
    function forbidden(): never {
      throw new EvalError('Code generation from strings is not allowed');
    }
    vi.stubGlobal('Function', forbidden);
    vi.stubGlobal('eval', forbidden);
    try {
      const onSubmit = vi.fn();
      render(
        <SchemaForm<Profile> schema={schema} formData={{ country: 'nl' }} onSubmit={onSubmit} />,
      );
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Required')).toBeInTheDocument();
      expect(screen.getByText('Invalid input')).toBeInTheDocument();

      await user.type(screen.getByLabelText(/First name/), 'Ada');
      await user.clear(screen.getByLabelText('Country'));
      await user.type(screen.getByLabelText('Country'), 'NL');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ first_name: 'Ada', country: 'NL' }),
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('describes a wrong type as Expected X, received Y', async () => {
    const numberSchema = {
      type: 'object',
      properties: { age: { type: 'integer', title: 'Age' } },
    } as const;
    render(
      <SchemaForm<{ age: unknown }>
        schema={numberSchema}
        formData={{ age: 'ten' }}
        onSubmit={vi.fn()}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Expected integer, received string')).toBeInTheDocument();
  });
  it('renders only the fields for a form of the page’s own, validating them as they change', async () => {
    const onChange = vi.fn();
    const { container } = render(
      <form aria-label="Page form">
        <SchemaForm<Profile>
          schema={schema}
          formData={{ first_name: 'Ada' }}
          fieldsOnly
          idPrefix="part"
          onSubmit={vi.fn()}
          onChange={onChange}
        />
      </form>,
    );
    // No form inside the page's form, and no button of its own.
    expect(container.querySelectorAll('form')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    const name = screen.getByLabelText(/First name/);
    expect(name).toHaveAttribute('id', 'part_first_name');
    const user = userEvent.setup();
    await user.clear(name);
    expect(await screen.findByText('Required')).toBeInTheDocument();
    await user.type(name, 'Bo');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ first_name: 'Bo' }));
  });

  it('renders its fields once per keystroke', async () => {
    render(<SchemaForm<Profile> schema={schema} onSubmit={vi.fn()} />);
    const user = userEvent.setup();
    const name = screen.getByLabelText(/First name/);
    await user.type(name, 'A');
    const renders = vi.spyOn(Form.prototype, 'render');
    try {
      await user.type(name, 'da Lovelace');
      expect(name).toHaveValue('Ada Lovelace');
      expect(renders).toHaveBeenCalledTimes('da Lovelace'.length);
    } finally {
      renders.mockRestore();
    }
  });

  it('keeps what was typed and saves with the latest handler while its page renders it anew', async () => {
    const saved: unknown[] = [];
    function Page() {
      const [changes, setChanges] = useState(0);
      return (
        <SchemaForm<Profile>
          schema={schema}
          // A new label and a new handler on every change: the form renders with other props.
          submitLabel={changes > 0 ? `Save ${changes} changes` : 'Save'}
          onChange={() => setChanges((n) => n + 1)}
          onSubmit={(data) => {
            saved.push({ ...data, changes });
          }}
        />
      );
    }
    render(<Page />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/First name/), 'Ada');
    await user.type(screen.getByLabelText('Country'), 'GB');
    expect(screen.getByLabelText(/First name/)).toHaveValue('Ada');
    const save = screen.getByRole('button', { name: /^Save \d+ changes$/ });
    // The handler of the render the person sees is the one that saves.
    const shown = Number(/\d+/.exec(save.textContent ?? '')?.[0]);
    await user.click(save);
    expect(saved).toEqual([{ first_name: 'Ada', country: 'GB', changes: shown }]);
  });

  it('keeps what was typed when its language arrives and while it is disabled', async () => {
    const arabic = createTranslator({
      language: 'ar',
      translations: [
        { source: 'First name', translation: 'الاسم الأول' },
        { source: 'Save', translation: 'حفظ' },
      ],
    });
    const english = createTranslator({ language: 'en', translations: [] });
    const saved: unknown[] = [];
    function Page(p: { arabic: boolean; disabled: boolean }) {
      const form = (
        <SchemaForm<Profile>
          schema={schema}
          formData={{ first_name: '', country: 'GB' }}
          disabled={p.disabled}
          onSubmit={(data) => {
            saved.push(data);
          }}
        />
      );
      return <I18nProvider translator={p.arabic ? arabic : english}>{form}</I18nProvider>;
    }
    const { rerender } = render(<Page arabic={false} disabled={false} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/First name/), 'Ada');
    // The page's translations come in, then it is busy for a moment.
    rerender(<Page arabic disabled={false} />);
    expect(screen.getByLabelText(/الاسم الأول/)).toHaveValue('Ada');
    rerender(<Page arabic disabled />);
    rerender(<Page arabic disabled={false} />);
    const name = screen.getByLabelText(/الاسم الأول/);
    expect(name).toHaveValue('Ada');
    await user.type(name, 'm');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(saved).toEqual([{ first_name: 'Adam', country: 'GB' }]);
  });
});
