import { useT } from '@engine/react';
import type { Language } from '@schemas/entities/language.schema';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useSaveContentTexts } from '@/lib/queries/site-admin-save-content-texts';
import { useUntranslatedContent } from '@/lib/queries/site-admin-untranslated-content';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { ErrorState } from '@/shell/states/states';
import { TableSkeleton } from '@/shell/states/table-skeleton';
import { asApiError, userMessage } from './errors';
import texts from './texts.module.css';
import own from '../pages/translations-page.module.css';

const keyOf = (item: { source: string; id: string; field: string }) =>
  `${item.source}\u0000${item.id}\u0000${item.field}`;

/**
 * The texts administrators entered (rewards, footer, catalogue terms…) that have no text in a
 * language: how many of each kind, where each kind is edited, and a box for each of the first.
 */
export function ContentTranslationsSection({ language }: { language: Language }) {
  const { t, plural } = useT();
  const { notify } = useNotify();
  const { langcode } = language;
  const content = useUntranslatedContent(langcode);
  const save = useSaveContentTexts(langcode);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const headingId = useId();
  const dir = language.direction === 1 ? 'rtl' : 'ltr';

  if (content.isPending) return <TableSkeleton rows={3} />;
  if (content.isError)
    return (
      <ErrorState
        message={t('The untranslated content could not be loaded.')}
        onRetry={() => void content.refetch()}
      />
    );
  const { total, sources, items } = content.data;
  const labelOf = (source: string, field: string) => {
    const found = sources.find((s) => s.source === source);
    const titles = found?.fields.find((f) => f.field === field)?.titles;
    const name = titles ? titles.map((title) => t(title)).join(' › ') : field;
    return `${t(found?.label ?? source)} · ${name}`;
  };
  const editPathOf = (source: string, id: string) => {
    const path = sources.find((s) => s.source === source)?.edit_path ?? '';
    return path.replace(':id', encodeURIComponent(id));
  };
  const changed = items.filter((item) => (drafts[keyOf(item)] ?? '').trim() !== '');

  const submit = async () => {
    if (!changed.length) {
      notify('info', t('Nothing has changed.'));
      return;
    }
    try {
      await save.mutateAsync(
        changed.map((item) => ({ ...item, text: drafts[keyOf(item)]!, source: item.source })),
      );
      setDrafts({});
      notify('success', plural(changed.length, '@count text saved.', '@count texts saved.'));
    } catch (e) {
      notify('error', userMessage(asApiError(e)) ?? t('Something went wrong, please try again.'));
    }
  };

  return (
    <section className={own.editor} aria-labelledby={headingId}>
      <h2 id={headingId} className={texts.sectionTitle}>
        {t('Content entered by administrators')}
      </h2>
      <p role="status" className={own.count} data-testid="untranslated-content">
        {t('Untranslated content (@count)', { count: total })}
      </p>
      <ul className={own.sources}>
        {sources.map((source) => (
          <li key={source.source}>
            {source.edit_path && !source.edit_path.includes(':id') ? (
              <Link to={source.edit_path}>{t(source.label)}</Link>
            ) : (
              <span>{t(source.label)}</span>
            )}
            {': '}
            {plural(source.untranslated, '@count text untranslated', '@count texts untranslated')}
          </li>
        ))}
      </ul>
      {items.length === 0 ? null : (
        <>
          <ul className={own.rows} aria-label={t('Untranslated content')}>
            {items.map((item) => {
              const key = keyOf(item);
              const editPath = editPathOf(item.source, item.id);
              return (
                <ContentItem
                  key={key}
                  label={labelOf(item.source, item.field)}
                  text={item.text}
                  editPath={editPath}
                  langcode={langcode}
                  dir={dir}
                  value={drafts[key] ?? ''}
                  onChange={(value) => setDrafts((d) => ({ ...d, [key]: value }))}
                />
              );
            })}
          </ul>
          <div className={texts.actions}>
            <button
              type="button"
              className={texts.primary}
              disabled={save.isPending}
              aria-busy={save.isPending}
              onClick={() => void submit()}
            >
              {t('Save content texts')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

function ContentItem(p: {
  label: string;
  text: string;
  editPath: string;
  langcode: string;
  dir: 'ltr' | 'rtl';
  value: string;
  onChange(value: string): void;
}) {
  const { t } = useT();
  const id = useId();
  return (
    <li className={own.row}>
      <div className={own.source}>
        <span className={own.count}>{p.label}</span>
        <label htmlFor={id} className={own.sourceText} dir="auto">
          {p.text}
        </label>
        {p.editPath ? <Link to={p.editPath}>{t('Edit')}</Link> : null}
      </div>
      <textarea
        id={id}
        className={own.translation}
        lang={p.langcode}
        dir={p.dir}
        rows={2}
        maxLength={20000}
        value={p.value}
        onChange={(event) => p.onChange(event.target.value)}
      />
    </li>
  );
}
