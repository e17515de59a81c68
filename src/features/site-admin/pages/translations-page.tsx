import { bracketToDotted } from '@engine/core';
import { usePageTitle, useT } from '@engine/react';
import type { Language } from '@schemas/entities/language.schema';
import { memo, useId, useMemo, useState, type ChangeEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useLanguages } from '@/lib/queries/languages';
import { useSaveTranslations } from '@/lib/queries/site-admin-save-translations';
import { useUntranslated } from '@/lib/queries/site-admin-untranslated';
import { useTranslations } from '@/lib/queries/translations';
import { BackLink } from '@/shell/back-link/back-link';
import { ConfirmDialog } from '@/shell/confirm-dialog/confirm-dialog';
import { LeaveGuard } from '@/shell/confirm-dialog/leave-guard';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { PageHeader } from '@/shell/page/page-header';
import { Pager } from '@/shell/pager/pager';
import { EmptyState, ErrorState } from '@/shell/states/states';
import { ContentTranslationsSection } from '../components/content-translations-section';
import { asApiError, userMessage } from '../components/errors';
import styles from '../components/site-admin.module.css';
import { TableSkeleton } from '@/shell/states/table-skeleton';
import texts from '../components/texts.module.css';
import {
  PLURAL_SEPARATOR,
  rowMatches,
  translationRows,
  type TranslationRow,
} from '../components/translation-rows';
import own from './translations-page.module.css';

const LIMIT = 50;
const LANGUAGES = '/settings/site/languages';

/** /settings/site/languages/:langcode: the interface strings of one language, to translate. */
export default function TranslationsPage() {
  const { t } = useT();
  const { langcode = '' } = useParams();
  const languages = useLanguages();
  const language = languages.data?.find((l) => l.langcode === langcode);
  const title = language ? t('@language translations', { language: language.name }) : undefined;
  usePageTitle(title);

  return (
    <div>
      <BackLink title={t('Back to languages')} url={LANGUAGES} />
      <PageHeader
        title={title ?? t('Translations')}
        lead={t('The texts of the interface in English, each with its translation.')}
      />
      {languages.isPending ? (
        <TableSkeleton rows={8} />
      ) : languages.isError ? (
        <ErrorState
          message={t('The languages could not be loaded.')}
          onRetry={() => void languages.refetch()}
        />
      ) : !language ? (
        <EmptyState
          title={t('There is no language with the code @code.', { code: langcode })}
          action={
            <Link className={texts.secondary} to={LANGUAGES}>
              {t('All languages')}
            </Link>
          }
        />
      ) : language.langcode === 'en' ? (
        <EmptyState
          title={t('English needs no translations.')}
          action={
            <Link className={texts.secondary} to={LANGUAGES}>
              {t('Choose another language')}
            </Link>
          }
        >
          <p>
            {t(
              'The interface is written in English, so its texts are shown as they are. Translations are made from English into the other languages.',
            )}
          </p>
        </EmptyState>
      ) : (
        <>
          <ContentTranslationsSection language={language} />
          <TranslationsEditor language={language} />
        </>
      )}
    </div>
  );
}

function TranslationsEditor({ language }: { language: Language }) {
  const { t, plural } = useT();
  const { notify } = useNotify();
  const { langcode } = language;
  const stored = useTranslations(langcode);
  const untranslated = useUntranslated(langcode);
  const save = useSaveTranslations(langcode);
  const [params, setParams] = useSearchParams();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [discarding, setDiscarding] = useState(false);
  const ids = { search: useId(), only: useId() };

  const search = params.get('search') ?? '';
  const onlyUntranslated = params.get('untranslated') === '1';
  const rows = useMemo(
    () => translationRows(stored.data ?? [], untranslated.data ?? []),
    [stored.data, untranslated.data],
  );
  const missing = rows.filter((row) => row.untranslated).length;
  const hasPlurals = rows.some((row) => row.source.includes(PLURAL_SEPARATOR));
  const shown = rows.filter(
    (row) => (!onlyUntranslated || row.untranslated) && rowMatches(row, drafts[row.source], search),
  );
  const totalPages = Math.max(1, Math.ceil(shown.length / LIMIT));
  const page = Math.min(Math.max(0, Number(params.get('page')) || 0), totalPages - 1);
  const pageRows = shown.slice(page * LIMIT, (page + 1) * LIMIT);
  const changes = Object.keys(drafts).length;

  // Unsaved translations are not lost by leaving the page without a word.
  const setParam = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    next.delete('page');
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  const hrefFor = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 0) next.set('page', String(p));
    else next.delete('page');
    const query = next.toString();
    return `${LANGUAGES}/${langcode}${query ? `?${query}` : ''}`;
  };

  const edit = (row: TranslationRow, value: string) => {
    setDrafts((current) => {
      const next = { ...current };
      if (value === row.translation) delete next[row.source];
      else next[row.source] = value;
      return next;
    });
    setRowErrors((current) => {
      if (!(row.source in current)) return current;
      const next = { ...current };
      delete next[row.source];
      return next;
    });
  };

  const submit = async () => {
    const sent = Object.entries(drafts).map(([source, translation]) => ({ source, translation }));
    if (sent.length === 0) {
      notify('info', t('Nothing has changed.'));
      return;
    }
    setRowErrors({});
    try {
      const result = await save.mutateAsync(sent);
      setDrafts({});
      notify(
        'success',
        t('The translations have been saved: @saved saved, @deleted deleted.', {
          saved: result.saved,
          deleted: result.deleted,
        }),
      );
    } catch (e) {
      const failure = asApiError(e);
      const found: Record<string, string> = {};
      for (const m of failure.messages) {
        const index = /^translations\.(\d+)\b/.exec(bracketToDotted(m.path))?.[1];
        const source = index === undefined ? undefined : sent[Number(index)]?.source;
        if (source !== undefined) found[source] ??= m.text;
      }
      setRowErrors(found);
      notify(
        'error',
        Object.keys(found).length
          ? t('Some translations could not be saved. They are marked below.')
          : (userMessage(failure) ?? t('Something went wrong, please try again.')),
      );
    }
  };

  if (stored.isPending || untranslated.isPending) return <TableSkeleton rows={8} />;
  if (stored.isError || untranslated.isError)
    return (
      <ErrorState
        message={t('The translations could not be loaded.')}
        onRetry={() => {
          if (stored.isError) void stored.refetch();
          if (untranslated.isError) void untranslated.refetch();
        }}
      />
    );

  const dir = language.direction === 1 ? 'rtl' : 'ltr';
  return (
    <div className={own.editor}>
      <p className={texts.help}>
        {t('Clearing a translation deletes it: the interface then shows the English text instead.')}{' '}
        {t(
          'Keep the words that start with @, such as @name, as they are: they are filled in when the text is shown.',
        )}{' '}
        {hasPlurals
          ? t(
              'A text marked Plural has a singular and a plural form; translate it as one plural message, for example {count, plural, one {# day} other {# days}}.',
            )
          : null}
      </p>

      <div className={styles.toolbar} role="search" aria-label={t('Filter texts')}>
        <div className={styles.grow}>
          <label htmlFor={ids.search}>{t('Search texts')}</label>
          <input
            id={ids.search}
            type="search"
            value={search}
            maxLength={200}
            placeholder={t('English text or translation')}
            onChange={(event: ChangeEvent<HTMLInputElement>) =>
              setParam('search', event.target.value)
            }
          />
        </div>
        <label className={own.toggle} htmlFor={ids.only}>
          <input
            id={ids.only}
            type="checkbox"
            checked={onlyUntranslated}
            onChange={(event) => setParam('untranslated', event.target.checked ? '1' : '')}
          />
          {t('Untranslated only (@count)', { count: missing })}
        </label>
      </div>

      <p role="status" className={own.count}>
        {shown.length === rows.length
          ? plural(rows.length, '@count text', '@count texts')
          : t('@shown of @total texts', { shown: shown.length, total: rows.length })}
      </p>

      {rows.length === 0 ? (
        <EmptyState title={t('There are no interface texts to translate.')} />
      ) : shown.length === 0 ? (
        <EmptyState
          title={
            onlyUntranslated && !search.trim()
              ? t('Every text is translated.')
              : t('No texts match your search.')
          }
        />
      ) : (
        <ul className={own.rows} aria-label={t('Interface texts')}>
          {pageRows.map((row) => (
            <TranslationItem
              key={row.source}
              row={row}
              draft={drafts[row.source]}
              error={rowErrors[row.source]}
              langcode={langcode}
              dir={dir}
              onEdit={edit}
            />
          ))}
        </ul>
      )}

      <div className={styles.footer}>
        <Pager meta={{ page, totalPages }} hrefFor={hrefFor} />
      </div>

      <div className={own.saveBar}>
        <p className={own.changes} aria-live="polite">
          {changes
            ? plural(changes, '@count unsaved change', '@count unsaved changes')
            : t('No unsaved changes')}
        </p>
        <div className={texts.actions}>
          <button
            type="button"
            className={texts.secondary}
            disabled={changes === 0 || save.isPending}
            onClick={() => setDiscarding(true)}
          >
            {t('Discard changes')}
          </button>
          <button
            type="button"
            className={texts.primary}
            disabled={save.isPending}
            aria-busy={save.isPending}
            onClick={() => void submit()}
          >
            {t('Save translations')}
          </button>
        </div>
      </div>

      <ConfirmDialog
        open={discarding}
        title={t('Discard your changes?')}
        confirmLabel={t('Discard changes')}
        danger
        onConfirm={() => {
          setDrafts({});
          setRowErrors({});
          setDiscarding(false);
        }}
        onCancel={() => setDiscarding(false)}
      >
        <p>
          {plural(
            changes,
            '@count unsaved change will be lost.',
            '@count unsaved changes will be lost.',
          )}
        </p>
      </ConfirmDialog>

      <LeaveGuard when={changes > 0}>
        <p>{t('Your changes to these translations have not been saved.')}</p>
      </LeaveGuard>
    </div>
  );
}

/** One English text with its translation field. */
const TranslationItem = memo(function TranslationItem(p: {
  row: TranslationRow;
  draft: string | undefined;
  error: string | undefined;
  langcode: string;
  dir: 'ltr' | 'rtl';
  onEdit: (row: TranslationRow, value: string) => void;
}) {
  const { t } = useT();
  const id = useId();
  const { row } = p;
  const forms = row.source.split(PLURAL_SEPARATOR);
  const value = p.draft ?? row.translation;
  const changed = p.draft !== undefined;
  return (
    <li className={own.row}>
      <div className={own.source}>
        <label htmlFor={id} lang="en" dir="ltr" className={own.sourceText}>
          {forms.map((form, i) => (
            <span key={i} className={own.form}>
              {form}
            </span>
          ))}
        </label>
        <span className={styles.badges}>
          {forms.length > 1 ? <span className={styles.badge}>{t('Plural')}</span> : null}
          {row.untranslated ? <span className={styles.badgeOff}>{t('Untranslated')}</span> : null}
          {changed ? (
            <span className={styles.badgeOn}>
              {value.trim() ? t('Changed') : t('Will be deleted')}
            </span>
          ) : null}
        </span>
      </div>
      <div className={texts.field}>
        <textarea
          id={id}
          className={own.translation}
          lang={p.langcode}
          dir={p.dir}
          rows={Math.min(6, Math.max(2, Math.ceil(value.length / 60)))}
          maxLength={2000}
          value={value}
          onChange={(event) => p.onEdit(row, event.target.value)}
          aria-invalid={p.error ? true : undefined}
          aria-describedby={p.error ? `${id}-error` : undefined}
        />
        {p.error ? (
          <p id={`${id}-error`} className={texts.fieldError}>
            {p.error}
          </p>
        ) : null}
      </div>
    </li>
  );
});
