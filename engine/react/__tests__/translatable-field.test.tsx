import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError, type ContentTranslations } from '../../core';
import { SchemaForm, type FormTranslations } from '../schema-form';

const schema = {
  $id: 'test/reward-form',
  type: 'object',
  properties: {
    title: { type: 'string', title: 'Title', maxLength: 50, 'x-translatable': true },
    intro: { type: 'string', title: 'Introduction', 'x-translatable': true },
    price: { type: 'integer', title: 'Price' },
  },
} as const;
const uiSchema = { intro: { 'ui:widget': 'textarea' } };

type Reward = { title?: string; intro?: string; price?: number };

/** A form with English as the default language and Arabic (right to left) and French beside it. */
function Harness(p: {
  onSubmit(data: Reward, texts: ContentTranslations): void;
  serverErrors?: ApiRequestError;
}) {
  const [value, setValue] = useState<ContentTranslations>({ ar: { title: 'كوب' } });
  const translations: FormTranslations = {
    defaultLanguage: { langcode: 'en', name: 'English', dir: 'ltr' },
    languages: [
      { langcode: 'ar', name: 'Arabic', nativeName: 'العربية', dir: 'rtl' },
      // No native name given: the browser's own name of the language.
      { langcode: 'fr', name: 'French', dir: 'ltr' },
    ],
    value,
    onChange: setValue,
  };
  return (
    <SchemaForm<Reward>
      schema={schema}
      uiSchema={uiSchema}
      formData={{ title: 'Mug', intro: 'A mug.', price: 5 }}
      translations={translations}
      {...(p.serverErrors ? { serverErrors: p.serverErrors } : {})}
      onSubmit={(data) => p.onSubmit(data, value)}
    />
  );
}

describe('TranslatableField', () => {
  it('keeps the text being typed and its focus when the site’s languages arrive', async () => {
    const languages: FormTranslations['languages'] = [
      { langcode: 'ar', name: 'Arabic', nativeName: 'العربية', dir: 'rtl' },
    ];
    const form = (known: boolean) => (
      <SchemaForm<Reward>
        schema={schema}
        uiSchema={uiSchema}
        formData={{ price: 5 }}
        translations={{
          defaultLanguage: { langcode: 'en', name: 'English', dir: 'ltr' },
          languages: known ? languages : [],
          value: {},
          onChange: () => undefined,
        }}
        onSubmit={() => undefined}
      />
    );
    const { rerender } = render(form(false));
    const user = userEvent.setup();
    const title = screen.getByLabelText('Title');
    await user.type(title, 'Mu');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();

    rerender(form(true));
    expect(screen.getAllByRole('tablist')).toHaveLength(2);
    // The same box, still focused, still holding what was typed.
    expect(screen.getByLabelText('Title')).toBe(title);
    expect(title).toHaveFocus();
    await user.type(title, 'g');
    expect(title).toHaveValue('Mug');
  });

  it('edits each declared field per language in tabs, right to left for Arabic', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const user = userEvent.setup();

    // A tab list for each field the schema declares translatable, none for the others.
    const lists = screen.getAllByRole('tablist');
    expect(lists.map((l) => l.getAttribute('aria-label'))).toEqual([
      'Languages of Title',
      'Languages of Introduction',
    ]);
    const titleTabs = within(lists[0]!).getAllByRole('tab');
    // Each language is named in itself, marked as written in it.
    expect(titleTabs.map((tab) => tab.textContent)).toEqual([
      'English',
      'العربية',
      'français not translated',
    ]);
    const arabicName = within(titleTabs[1]!).getByText('العربية');
    expect(arabicName).toHaveAttribute('lang', 'ar');
    expect(arabicName).toHaveAttribute('dir', 'rtl');
    expect(titleTabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Title')).toHaveValue('Mug');
    // The default language's text reads in its own direction, whatever the page's.
    expect(screen.getByLabelText('Title').closest('[dir]')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByLabelText('Title').closest('[lang]')).toHaveAttribute('lang', 'en');

    // Keyboard: the arrow key moves to the next language's tab and shows its text.
    titleTabs[0]!.focus();
    await user.keyboard('{ArrowRight}');
    const arabicTab = within(lists[0]!).getByRole('tab', { name: 'العربية' });
    expect(arabicTab).toHaveFocus();
    expect(arabicTab).toHaveAttribute('aria-selected', 'true');
    const arabic = screen.getByLabelText('Title (Arabic)');
    expect(arabic).toHaveValue('كوب');
    expect(arabic).toHaveAttribute('dir', 'rtl');
    expect(arabic).toHaveAttribute('lang', 'ar');
    expect(arabic).toHaveAttribute('maxLength', '50');
    await user.clear(arabic);
    await user.type(arabic, 'فنجان');

    // A textarea stays a textarea in every language.
    const introTabs = within(lists[1]!);
    await user.click(introTabs.getByRole('tab', { name: /français/ }));
    const french = screen.getByLabelText('Introduction (French)');
    expect(french.tagName).toBe('TEXTAREA');
    expect(french).toHaveAttribute('dir', 'ltr');
    await user.type(french, 'Une tasse.');
    expect(introTabs.getByRole('tab', { name: 'français' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(
      { title: 'Mug', intro: 'A mug.', price: 5 },
      { ar: { title: 'فنجان' }, fr: { intro: 'Une tasse.' } },
    );
  });

  it('moves the other way with the arrow keys in a right-to-left page', async () => {
    render(
      <div dir="rtl">
        <Harness onSubmit={vi.fn()} />
      </div>,
    );
    const user = userEvent.setup();
    const tabs = within(screen.getAllByRole('tablist')[0]!).getAllByRole('tab');
    tabs[0]!.focus();
    await user.keyboard('{ArrowLeft}');
    expect(tabs[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(tabs[2]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tabs[0]).toHaveFocus();
  });

  it('shows the server’s message about a text in another language under it, on its tab', async () => {
    const refused = new ApiRequestError(400, 'Some fields are not valid.', {
      messages: [
        { path: 'translations[fr][intro]', text: 'Must be at most 20 characters' },
        { path: 'price', text: 'Must be at least 1' },
      ],
    });
    render(<Harness onSubmit={vi.fn()} serverErrors={refused} />);
    // The field-level message stays where it was.
    expect(screen.getByText('Must be at least 1')).toBeVisible();
    const introTabs = within(screen.getAllByRole('tablist')[1]!);
    // The refused language's tab opens and says so; the text box names its message.
    const french = introTabs.getByRole('tab', { name: /français/ });
    expect(french).toHaveAttribute('aria-selected', 'true');
    expect(french).toHaveTextContent('to correct');
    const box = screen.getByLabelText('Introduction (French)');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Must be at most 20 characters');
    // The title's tabs, with nothing refused, stay on the default language.
    const titleTabs = within(screen.getAllByRole('tablist')[0]!);
    expect(titleTabs.getByRole('tab', { name: 'English' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
