import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { HtmlEditor, type HtmlEditorProps } from '../components/html-editor';

type Given = Partial<Omit<HtmlEditorProps, 'value' | 'onChange'>> & { initial?: string };

/** The editor with its text kept in state, as the pages keep it. */
function Harness({ initial = '', ...p }: Given) {
  const [value, setValue] = useState(initial);
  return (
    <HtmlEditor
      label="Text (HTML)"
      maxLength={100}
      rows={6}
      submitLabel="Save page"
      pending={false}
      emptyText="This page has no text yet."
      onSubmit={(event: FormEvent) => event.preventDefault()}
      {...p}
      value={value}
      onChange={setValue}
    />
  );
}

describe('HtmlEditor', () => {
  it('writes the HTML in its own direction and describes it with the allowed tags', () => {
    render(
      <>
        <Harness initial="<p>Hello</p>" describedBy="notice" />
        <p id="notice">Saving shows the banner again.</p>
      </>,
    );
    const field = screen.getByLabelText('Text (HTML)');
    expect(field.tagName).toBe('TEXTAREA');
    expect(field).toHaveAttribute('dir', 'auto');
    expect(field).toHaveAttribute('maxLength', '100');
    expect(field).toHaveAccessibleDescription(
      /^Allowed tags: <p> <br> <strong>.*removed on saving\. Saving shows the banner again\.$/,
    );
  });

  it('previews the text as readers see it, sanitized, in its language, and keeps links from opening', async () => {
    render(<Harness lang="ar" dir="rtl" previewHeading={<h3>عن الموقع</h3>} />);
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('This page has no text yet.')).toBeInTheDocument();

    const field = screen.getByLabelText('Text (HTML)');
    await userEvent.click(field);
    await userEvent.paste(
      '<p>مرحبًا <a href="/about" onclick="alert(1)">بكم</a></p><script>window.hacked = 1</script>',
    );
    const link = within(preview).getByRole('link', { name: 'بكم' });
    expect(link).toHaveAttribute('href', '/about');
    expect(link).not.toHaveAttribute('onclick');
    expect(preview.querySelector('script')).toBeNull();
    expect(within(preview).getByRole('heading', { name: 'عن الموقع' })).toBeInTheDocument();
    const text = within(preview).getByText(/مرحبًا/).closest('[lang]');
    expect(text).toHaveAttribute('lang', 'ar');
    expect(text).toHaveAttribute('dir', 'rtl');
    // A click on a link in the preview does not leave the page.
    expect(fireEvent.click(link)).toBe(false);
    expect(screen.getByText('Links in the preview do not open.')).toBeInTheDocument();
  });

  it("shows the server's message on the field and submits with its Save button", async () => {
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    const { rerender } = render(
      <Harness initial="<p>x</p>" error="Must be at most 100 characters" onSubmit={onSubmit} />,
    );
    const field = screen.getByLabelText('Text (HTML)');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/^Must be at most 100 characters/);
    await userEvent.click(screen.getByRole('button', { name: 'Save page' }));
    expect(onSubmit).toHaveBeenCalledOnce();

    rerender(<Harness initial="<p>x</p>" pending onSubmit={onSubmit} />);
    expect(screen.getByRole('button', { name: 'Save page' })).toBeDisabled();
    expect(screen.getByLabelText('Text (HTML)')).not.toHaveAttribute('aria-invalid');
  });
});
