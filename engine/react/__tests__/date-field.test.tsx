import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createTranslator, type Translator } from '../../core';
import { DateField, DateTimeField, TimeField } from '../date-field';
import { I18nProvider } from '../index';

const european = { short: 'd/m/Y - H:i', date_only: 'd/m/Y', time_only: 'H:i' };
const american = { short: 'm/d/Y - g:i a', time_only: 'g:i a' };
const year = new Date().getFullYear();

function site(o: Partial<Parameters<typeof createTranslator>[0]> = {}): Translator {
  return createTranslator({ language: 'en', translations: [], dateFormats: european, ...o });
}

function inSite(translator: Translator, children: ReactNode) {
  return <I18nProvider translator={translator}>{children}</I18nProvider>;
}

/** A page that keeps the field's value, as the availability forms do. */
function Controlled(p: { initial: string; onValue: (value: string | null) => void }) {
  const [value, setValue] = useState(p.initial);
  return (
    <>
      <label htmlFor="day">Day</label>
      <DateField
        id="day"
        value={value}
        onChange={(next) => {
          p.onValue(next);
          setValue(next ?? '');
        }}
      />
      <output aria-label="Saved">{value}</output>
    </>
  );
}

describe('DateField', () => {
  it('shows and reads dates in the site’s format, not the browser’s', async () => {
    const onValue = vi.fn();
    render(inSite(site(), <Controlled initial="2024-03-09" onValue={onValue} />));
    const input = screen.getByLabelText('Day');
    expect(input).toHaveValue('09/03/2024');
    expect(input).toHaveAttribute('placeholder', `e.g. 31/12/${year}`);

    await userEvent.clear(input);
    await userEvent.type(input, '5-3-24');
    expect(onValue).toHaveBeenLastCalledWith('2024-03-05');
    await userEvent.tab();
    // Leaving the field writes the date the site's way.
    expect(input).toHaveValue('05/03/2024');
    expect(screen.getByLabelText('Saved')).toHaveTextContent('2024-03-05');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('says how to write a date when the text is none, and is invalid for the form', async () => {
    const onValue = vi.fn();
    render(inSite(site(), <Controlled initial="" onValue={onValue} />));
    const input = screen.getByLabelText('Day');
    await userEvent.type(input, '31/02/2024');
    expect(onValue).toHaveBeenLastCalledWith(null);
    // No message while typing: only once the field is left.
    expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.tab();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(`Enter a date like 31/12/${year}.`);
    expect((input as HTMLInputElement).validity.valid).toBe(false);
    expect(input).toHaveValue('31/02/2024');

    await userEvent.clear(input);
    await userEvent.type(input, '28/02/2024');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect((input as HTMLInputElement).validity.valid).toBe(true);
  });

  it('picks a date on its calendar with the keyboard alone', async () => {
    const onValue = vi.fn();
    render(inSite(site(), <Controlled initial="2024-03-09" onValue={onValue} />));
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Choose a date' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await user.keyboard('{Enter}');
    const calendar = await screen.findByRole('dialog', { name: 'Choose a date' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const grid = await within(calendar).findByRole('grid', { name: 'March 2024' });
    // The chosen day has the focus; weeks start on Monday.
    await waitFor(() =>
      expect(document.activeElement).toHaveAccessibleName('Saturday 9 March 2024, selected'),
    );
    expect(within(grid).getAllByRole('button')[0]).toHaveAccessibleName('Monday 26 February 2024');

    await user.keyboard('{ArrowDown}{ArrowRight}{Enter}');
    expect(onValue).toHaveBeenLastCalledWith('2024-03-17');
    expect(screen.getByLabelText('Day')).toHaveValue('17/03/2024');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Choose a date' });
    await user.keyboard('{PageDown}');
    await waitFor(() =>
      expect(screen.getByRole('grid', { name: 'April 2024' })).toBeInTheDocument(),
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(screen.getByLabelText('Day')).toHaveValue('17/03/2024');
  });

  it('speaks Arabic and runs right to left, weeks starting on Saturday', async () => {
    const t = site({
      language: 'ar',
      dir: 'rtl',
      translations: [
        { source: 'Choose a date', translation: 'اختر تاريخًا' },
        { source: 'Previous month', translation: 'الشهر السابق' },
        { source: 'Next month', translation: 'الشهر التالي' },
        { source: 'Enter a date like @example.', translation: 'اكتب تاريخًا مثل @example.' },
      ],
    });
    render(
      inSite(
        t,
        <>
          <label htmlFor="d">التاريخ</label>
          <DateField id="d" defaultValue="2024-03-09" />
        </>,
      ),
    );
    const input = screen.getByLabelText('التاريخ');
    expect(input).toHaveValue('09/03/2024');
    await userEvent.click(screen.getByRole('button', { name: 'اختر تاريخًا' }));
    const calendar = await screen.findByRole('dialog', { name: 'اختر تاريخًا' });
    expect(calendar.querySelector('[dir]')).toHaveAttribute('dir', 'rtl');
    expect(within(calendar).getByRole('button', { name: 'الشهر التالي' })).toBeInTheDocument();
    const grid = await within(calendar).findByRole('grid');
    expect(grid).toHaveAccessibleName(/مارس 2024/);
    expect(within(grid).getAllByRole('button')[0]).toHaveAccessibleName('السبت 24 فبراير 2024');

    await userEvent.click(within(calendar).getByRole('button', { name: 'الأحد 10 مارس 2024' }));
    expect(input).toHaveValue('10/03/2024');
    await userEvent.clear(input);
    await userEvent.type(input, '٣١/٠٢/٢٠٢٤');
    await userEvent.tab();
    expect(input).toHaveAccessibleDescription(`اكتب تاريخًا مثل 31/12/${year}.`);
  });

  it('sends the date, not the text, with a form, and keeps an unreadable one from being sent', async () => {
    const submitted = vi.fn();
    render(
      inSite(
        site(),
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submitted(new FormData(event.currentTarget).get('from'));
          }}
        >
          <label htmlFor="from">From</label>
          <DateField id="from" name="from" defaultValue="2025-03-01" />
          <button type="submit">Apply</button>
        </form>,
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(submitted).toHaveBeenLastCalledWith('2025-03-01');

    const input = screen.getByLabelText('From');
    await userEvent.clear(input);
    await userEvent.type(input, 'next week');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(input).toHaveAccessibleDescription(`Enter a date like 31/12/${year}.`);
  });
});

describe('TimeField and DateTimeField', () => {
  it('use the site’s 12-hour clock where its time format has am and pm', async () => {
    const onChange = vi.fn();
    render(
      inSite(
        site({ dateFormats: american }),
        <TimeField aria-label="From" defaultValue="18:30" onChange={onChange} />,
      ),
    );
    const input = screen.getByRole('textbox', { name: 'From' });
    expect(input).toHaveValue('6:30 pm');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '7:15 am');
    expect(onChange).toHaveBeenLastCalledWith('07:15', '7:15 am');
    await userEvent.clear(input);
    await userEvent.type(input, '13:15 pm');
    await userEvent.tab();
    expect(input).toHaveAccessibleDescription('Enter a time like 6:30 pm.');
  });

  it('reads a moment on the viewer’s wall clock and keeps its time when the calendar changes the date', async () => {
    const onChange = vi.fn();
    render(
      inSite(
        site({ timeZone: 'Asia/Dubai' }),
        <>
          <label htmlFor="at">Starts</label>
          <DateTimeField id="at" defaultValue="2024-03-05T14:07:00Z" onChange={onChange} />
        </>,
      ),
    );
    const input = screen.getByLabelText('Starts');
    expect(input).toHaveValue('05/03/2024 - 18:07');
    await userEvent.clear(input);
    await userEvent.type(input, '06/03/2024 09:30');
    expect(onChange).toHaveBeenLastCalledWith('2024-03-06T05:30:00.000Z', '06/03/2024 09:30');

    await userEvent.click(screen.getByRole('button', { name: 'Choose the date' }));
    const calendar = await screen.findByRole('dialog');
    await userEvent.click(within(calendar).getByRole('button', { name: /^Thursday 7 March 2024/ }));
    expect(input).toHaveValue('07/03/2024 - 09:30');
    expect(onChange).toHaveBeenLastCalledWith('2024-03-07T05:30:00.000Z', '07/03/2024 - 09:30');
  });
});
