import { useT } from '@engine/react';
import type { Language } from '@schemas/entities/language.schema';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useLanguages } from '@/lib/queries/languages';
import { useCreateLanguage } from '@/lib/queries/site-admin-languages-create';
import { useUpdateLanguages } from '@/lib/queries/site-admin-languages-update';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { PageHeader } from '@/shell/page/page-header';
import { EmptyState, ErrorState } from '@/shell/states/states';
import { asApiError, userMessage } from '../components/errors';
import { LanguageForm, type LanguageFields } from '../components/language-form';
import { moveLanguage } from '../components/language-order';
import styles from '../components/site-admin.module.css';
import { TableSkeleton } from '@/shell/states/table-skeleton';
import texts from '../components/texts.module.css';
import own from './languages-page.module.css';

const BASE = '/settings/site/languages';
const MAX_WEIGHT = 1000;

type Editing = { mode: 'create' } | { mode: 'edit'; language: Language } | null;
type Move = 'up' | 'down';

/** /settings/site/languages: the site's languages, their order and direction, and new ones. */
export default function LanguagesPage() {
  const { t, plural } = useT();
  const { notify } = useNotify();
  const languages = useLanguages();
  const create = useCreateLanguage();
  const update = useUpdateLanguages();
  const [editing, setEditing] = useState<Editing>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusAfterMove, setFocusAfterMove] = useState<{ langcode: string; move: Move } | null>(
    null,
  );
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  const opener = useRef<HTMLElement | null>(null);
  const list = languages.data ?? [];

  // A row moved down is re-inserted by React, which drops the focus from its button to the page.
  useEffect(() => {
    if (!focusAfterMove) return;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost) moveButtons.current.get(`${focusAfterMove.langcode}:${focusAfterMove.move}`)?.focus();
  }, [focusAfterMove, languages.data]);

  const open = (next: Editing) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setEditing(next);
  };
  const close = () => {
    setEditing(null);
    // The form that had the focus is gone: back to the button that opened it.
    requestAnimationFrame(() => opener.current?.focus());
  };

  const move = async (index: number, direction: Move) => {
    const language = list[index];
    const changes = moveLanguage(list, index, direction === 'up' ? -1 : 1);
    if (!language || changes.length === 0 || update.isPending) return;
    const position = index + (direction === 'up' ? 0 : 2);
    setFocusAfterMove({ langcode: language.langcode, move: direction });
    setAnnouncement(
      t('@language moved to position @position of @count.', {
        language: language.name,
        position,
        count: list.length,
      }),
    );
    try {
      await update.mutateAsync(changes);
    } catch (e) {
      setAnnouncement('');
      notify(
        'error',
        userMessage(asApiError(e)) ?? t('The new order could not be saved. Please try again.'),
      );
    } finally {
      setFocusAfterMove(null);
    }
  };

  const saveNew = async (fields: LanguageFields) => {
    const last = list.reduce((max, language) => Math.max(max, language.weight), -1);
    await create.mutateAsync({ ...fields, weight: Math.min(last + 1, MAX_WEIGHT) });
    notify('success', t('@language has been added.', { language: fields.name }));
    close();
  };

  const saveChanges = async (language: Language, fields: LanguageFields) => {
    const patch = {
      ...(fields.name !== language.name ? { name: fields.name } : {}),
      ...(fields.native_name !== (language.native_name ?? '')
        ? { native_name: fields.native_name }
        : {}),
      ...(fields.direction !== language.direction ? { direction: fields.direction } : {}),
    };
    if (Object.keys(patch).length) {
      await update.mutateAsync([{ langcode: language.langcode, patch }]);
      notify('success', t('@language has been saved.', { language: fields.name }));
    } else {
      notify('info', t('Nothing has changed.'));
    }
    close();
  };

  return (
    <div>
      <PageHeader
        title={t('Languages')}
        lead={t(
          'The languages people can use the site in, in the order they are offered, and their interface translations.',
        )}
        actions={
          <button type="button" className={texts.primary} onClick={() => open({ mode: 'create' })}>
            {t('Add language')}
          </button>
        }
      />

      {editing ? (
        <div className={own.form}>
          <LanguageForm
            key={editing.mode === 'edit' ? editing.language.langcode : 'create'}
            {...(editing.mode === 'edit' ? { language: editing.language } : {})}
            onSave={(fields) =>
              editing.mode === 'edit' ? saveChanges(editing.language, fields) : saveNew(fields)
            }
            onCancel={close}
            onFailure={(message) => notify('error', message)}
          />
        </div>
      ) : null}

      <p role="status" className="visually-hidden">
        {announcement}
      </p>

      {languages.isPending ? (
        <TableSkeleton rows={4} />
      ) : languages.isError ? (
        <ErrorState
          message={t('The languages could not be loaded.')}
          onRetry={() => void languages.refetch()}
        />
      ) : list.length === 0 ? (
        <EmptyState title={t('No languages yet.')} />
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>{plural(list.length, '@count language', '@count languages')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('Name')}</th>
                <th scope="col">{t('Native name')}</th>
                <th scope="col">{t('Code')}</th>
                <th scope="col">{t('Direction')}</th>
                <th scope="col">{t('Sort order')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('Actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((language, index) => (
                <tr key={language.langcode}>
                  <th scope="row">{language.name}</th>
                  <td data-label={t('Native name')}>
                    {language.native_name ? (
                      <span lang={language.langcode} dir={language.direction === 1 ? 'rtl' : 'ltr'}>
                        {language.native_name}
                      </span>
                    ) : (
                      <span className={styles.muted}>{t('None')}</span>
                    )}
                  </td>
                  <td data-label={t('Code')}>
                    <code>{language.langcode}</code>
                  </td>
                  <td data-label={t('Direction')}>
                    <span className={styles.badge}>
                      {language.direction === 1 ? t('Right to left') : t('Left to right')}
                    </span>
                  </td>
                  <td data-label={t('Sort order')}>
                    <span className={own.order}>
                      {(['up', 'down'] as const).map((direction) => {
                        const edge = direction === 'up' ? index === 0 : index === list.length - 1;
                        return (
                          <button
                            key={direction}
                            type="button"
                            className={texts.small}
                            ref={(node) => {
                              const key = `${language.langcode}:${direction}`;
                              if (node) moveButtons.current.set(key, node);
                              else moveButtons.current.delete(key);
                            }}
                            // Still focusable at the ends, so the focus never drops to the page.
                            aria-disabled={edge || update.isPending ? true : undefined}
                            aria-label={
                              direction === 'up'
                                ? t('Move @language up', { language: language.name })
                                : t('Move @language down', { language: language.name })
                            }
                            onClick={() => {
                              if (!edge) void move(index, direction);
                            }}
                          >
                            {direction === 'up' ? t('Up') : t('Down')}
                          </button>
                        );
                      })}
                    </span>
                  </td>
                  <td className={own.actions}>
                    <span className={own.order}>
                      <button
                        type="button"
                        className={texts.small}
                        aria-label={t('Edit @language', { language: language.name })}
                        onClick={() => open({ mode: 'edit', language })}
                      >
                        {t('Edit')}
                      </button>
                      <Link
                        className={texts.small}
                        to={`${BASE}/${language.langcode}`}
                        aria-label={t('Translations of @language', { language: language.name })}
                      >
                        {t('Translations')}
                      </Link>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
