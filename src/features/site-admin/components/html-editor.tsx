import { ADMIN_HTML_POLICY } from '@engine/core';
import { useT } from '@engine/react';
import {
  useId,
  useMemo,
  type FormEvent,
  type HTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { sanitizeAdminHtml } from '@/lib/admin-html';
import styles from './html-editor.module.css';
import texts from './texts.module.css';

export interface HtmlEditorProps {
  /** The form's submit handler (the form does not validate by itself). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The HTML text's label, e.g. "Text (HTML)". */
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  rows: number;
  /** The server's message about the text, shown below it. */
  error?: string | null;
  /** Ids of further texts describing the field, such as a notice after it. */
  describedBy?: string;
  /** What the form shows before the HTML text, such as a title or language tabs. */
  before?: ReactNode;
  /** Attributes of the box around the HTML text, e.g. those of the language tabs' panel. */
  fieldBox?: HTMLAttributes<HTMLDivElement>;
  /** What the form shows after the HTML text, before its Save button. */
  after?: ReactNode;
  submitLabel: string;
  pending: boolean;
  /** The preview's heading above the text, such as the page's title. */
  previewHeading?: ReactNode;
  /** Shown in the preview while the text is empty. */
  emptyText: string;
  /** The language and direction the text is written in, when the preview should read it so. */
  lang?: string;
  dir?: 'ltr' | 'rtl';
  /** What follows the preview, such as a confirmation dialog. */
  children?: ReactNode;
}

/**
 * An administrator's HTML text beside its live preview: the text area (written in its own
 * direction, `dir="auto"`), the allowed tags, the Save button, and the text as readers will see
 * it, sanitized with the server's policy and with its links kept from opening.
 *
 * @example
 * <HtmlEditor label={t('Text (HTML)')} value={body} onChange={setBody} maxLength={100000}
 *   rows={16} onSubmit={submit} submitLabel={t('Save page')} pending={save.isPending}
 *   emptyText={t('This page has no text yet.')} />
 */
export function HtmlEditor(p: HtmlEditorProps) {
  const { t } = useT();
  const ids = { field: useId(), error: useId(), help: useId(), preview: useId() };
  const preview = useMemo(() => sanitizeAdminHtml(p.value), [p.value]);

  // The preview is for reading: following one of its links would leave the unsaved text behind.
  const keepHere = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) event.preventDefault();
  };

  // One box whatever `fieldBox` says, so the text area stays the same element when tabs come.
  const field = (
    <div {...p.fieldBox} className={texts.field}>
      <label htmlFor={ids.field}>{p.label}</label>
      <textarea
        id={ids.field}
        className={styles.code}
        dir="auto"
        lang={p.lang}
        spellCheck={false}
        maxLength={p.maxLength}
        rows={p.rows}
        value={p.value}
        onChange={(event) => p.onChange(event.target.value)}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={[p.error ? ids.error : '', ids.help, p.describedBy ?? '']
          .filter(Boolean)
          .join(' ')}
      />
      {p.error ? (
        <p id={ids.error} className={texts.fieldError}>
          {p.error}
        </p>
      ) : null}
      <p id={ids.help} className={texts.help}>
        {t('Allowed tags: @tags. Links may use http, https and mailto addresses.', {
          tags: ADMIN_HTML_POLICY.tags.map((tag) => `<${tag}>`).join(' '),
        })}{' '}
        {t('Anything else, such as scripts, styles and event attributes, is removed on saving.')}
      </p>
    </div>
  );

  return (
    <div className={styles.layout}>
      <form className={styles.editor} onSubmit={p.onSubmit} noValidate>
        {p.before}
        {field}
        {p.after}
        <div className={texts.actions}>
          <button
            type="submit"
            className={texts.primary}
            disabled={p.pending}
            aria-busy={p.pending}
          >
            {p.submitLabel}
          </button>
        </div>
      </form>
      <section className={styles.preview} aria-labelledby={ids.preview}>
        <h2 id={ids.preview} className={texts.sectionTitle}>
          {t('Preview')}
        </h2>
        <div lang={p.lang} dir={p.dir}>
          {p.previewHeading}
          {preview.trim() ? (
            <div
              className={styles.rendered}
              onClick={keepHere}
              // Sanitized above, with the tags and attributes the server keeps.
              dangerouslySetInnerHTML={{ __html: preview }}
            />
          ) : (
            <p className={styles.empty}>{p.emptyText}</p>
          )}
        </div>
        <p className={texts.help}>{t('Links in the preview do not open.')}</p>
      </section>
      {p.children}
    </div>
  );
}
