import { createTranslator } from '@engine/core';
import { I18nProvider } from '@engine/react';
import type { StorefrontRestrictionOptions } from '@schemas/entities/storefront.schema';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { PreviewFilters } from '@/lib/queries/storefront-manage';
import { TargetAudienceDialog, type TargetAudienceDialogProps } from '../target-audience-dialog';

// jsdom has no modal dialogs: open and close them by their attribute, as a browser would.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

const restrictions: StorefrontRestrictionOptions[] = [
  {
    type: 'language',
    label: 'Language',
    multiple: false,
    options: [
      { value: 'en', label: 'English' },
      { value: 'ar', label: 'Arabic' },
    ],
  },
  {
    type: 'organizations',
    label: 'Organizations',
    multiple: true,
    options: [
      { value: 1, label: 'Blue Harbor Logistics' },
      { value: 2, label: 'Northwind Health' },
      { value: 3, label: 'Summit Retail' },
    ],
  },
];

function renderDialog(props: Partial<TargetAudienceDialogProps> = {}) {
  const onCancel = vi.fn();
  const onSave = vi.fn();
  const result = render(
    <TargetAudienceDialog
      open
      restrictions={restrictions}
      value={null}
      onCancel={onCancel}
      onSave={onSave}
      {...props}
    />,
  );
  return { ...result, onCancel, onSave };
}

describe('Target audience dialog', () => {
  it('is a modal dialog named by its heading, with one required field per restriction', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Target audience' });
    expect(screen.getByRole('heading', { name: 'Target audience' })).toBeInTheDocument();
    expect(within(dialog).getByText('Choose who to preview the storefront as.')).toBeVisible();

    const language = within(dialog).getByRole('combobox', { name: /^Language/ });
    expect(
      within(language)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['- Select -', 'English', 'Arabic']);
    expect(language).toHaveValue('');

    const organizations = within(dialog).getByRole('group', { name: /^Organizations/ });
    expect(
      within(organizations)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['Blue Harbor Logistics', 'Northwind Health', 'Summit Retail']);

    const stars = within(dialog).getAllByTitle('This field is required');
    expect(stars).toHaveLength(2);
    for (const star of stars) expect(star).toHaveTextContent('*');
    expect((language as HTMLSelectElement).labels[0]).toContainElement(stars[0]!);
    expect(organizations.querySelector('legend')).toContainElement(stars[1]!);
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel', 'Save']);
  });

  it('asks for a criterion on Save with nothing chosen, and clears the message once one is', async () => {
    const user = userEvent.setup();
    const { onSave } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Select at least one criteria');
    expect(screen.getByRole('form', { name: 'Target audience' })).toHaveAccessibleDescription(
      'Select at least one criteria',
    );
    expect(onSave).not.toHaveBeenCalled();

    await user.click(screen.getByRole('checkbox', { name: 'Northwind Health' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('saves a single language and two organizations, keeping numbers as numbers', async () => {
    const user = userEvent.setup();
    const { onSave } = renderDialog();
    await user.selectOptions(screen.getByRole('combobox', { name: /^Language/ }), 'Arabic');
    // Ticked out of order: the list keeps the options' order.
    await user.click(screen.getByRole('checkbox', { name: 'Northwind Health' }));
    await user.click(screen.getByRole('checkbox', { name: 'Blue Harbor Logistics' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith({ language: 'ar', organizations: [1, 2] });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('leaves out what was chosen and then unchosen', async () => {
    const user = userEvent.setup();
    const { onSave } = renderDialog();
    const language = screen.getByRole('combobox', { name: /^Language/ });
    await user.selectOptions(language, 'English');
    await user.selectOptions(language, '- Select -');
    await user.click(screen.getByRole('checkbox', { name: 'Summit Retail' }));
    await user.click(screen.getByRole('checkbox', { name: 'Blue Harbor Logistics' }));
    await user.click(screen.getByRole('checkbox', { name: 'Summit Retail' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ organizations: [1] });
  });

  it('calls onCancel from Cancel and from Escape, without saving', async () => {
    const user = userEvent.setup();
    const { onCancel, onSave } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);

    // What a browser fires on Escape in a modal dialog (jsdom does not).
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(screen.getByRole('dialog'), cancel);
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(cancel.defaultPrevented).toBe(true);

    // A browser may close it regardless (Escape pressed again): the parent still hears of it.
    screen.getByRole<HTMLDialogElement>('dialog').close();
    expect(onCancel).toHaveBeenCalledTimes(3);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('starts at the first choice and is operable by keyboard alone', async () => {
    const user = userEvent.setup();
    const { onSave } = renderDialog();
    expect(screen.getByRole('combobox', { name: /^Language/ })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Blue Harbor Logistics' })).toHaveFocus();
    await user.keyboard(' ');
    await user.tab();
    await user.tab();
    await user.keyboard(' ');
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSave).toHaveBeenCalledWith({ organizations: [1, 3] });
  });

  it('prefills the current preview on each opening and forgets unsaved changes', async () => {
    const user = userEvent.setup();
    const value: PreviewFilters = { language: 'ar', organizations: [2, 3] };
    const onSave = vi.fn();
    const onCancel = vi.fn();

    function Host() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Target audience
          </button>
          <TargetAudienceDialog
            open={open}
            restrictions={restrictions}
            value={value}
            onCancel={() => {
              onCancel();
              setOpen(false);
            }}
            onSave={onSave}
          />
        </>
      );
    }
    render(<Host />);

    const prefilled = () => {
      expect(screen.getByRole('combobox', { name: /^Language/ })).toHaveValue('ar');
      expect(screen.getByRole('checkbox', { name: 'Blue Harbor Logistics' })).not.toBeChecked();
      expect(screen.getByRole('checkbox', { name: 'Northwind Health' })).toBeChecked();
      expect(screen.getByRole('checkbox', { name: 'Summit Retail' })).toBeChecked();
    };
    prefilled();

    await user.click(screen.getByRole('checkbox', { name: 'Blue Harbor Logistics' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onCancel).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Target audience' }));
    expect(screen.getByRole('dialog', { name: 'Target audience' })).toBeInTheDocument();
    prefilled();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ language: 'ar', organizations: [2, 3] });
  });

  it('offers only Cancel when there is nothing to choose by', () => {
    renderDialog({ restrictions: [] });
    const dialog = screen.getByRole('dialog', { name: 'Target audience' });
    expect(within(dialog).getByText('There is nothing to choose an audience by.')).toBeVisible();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel']);
  });

  it('shows nothing while closed', () => {
    renderDialog({ open: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('speaks the interface language', () => {
    const translator = createTranslator({
      language: 'ar',
      dir: 'rtl',
      translations: [
        { source: 'Target audience', translation: 'الجمهور المستهدف' },
        { source: 'Language', translation: 'اللغة' },
        { source: 'This field is required', translation: 'هذا الحقل مطلوب' },
      ],
    });
    render(
      <I18nProvider translator={translator}>
        <TargetAudienceDialog
          open
          restrictions={restrictions}
          value={null}
          onCancel={vi.fn()}
          onSave={vi.fn()}
        />
      </I18nProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'الجمهور المستهدف' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^اللغة/ })).toBeInTheDocument();
    expect(screen.getAllByTitle('هذا الحقل مطلوب')).toHaveLength(2);
  });
});
