import type { ContentTranslations } from '@engine/core';
import { LanguageTabs, useT } from '@engine/react';
import { useId, useState, type FormEvent } from 'react';
import { useFormTranslations } from '@/lib/form-translations';
import { useContentItem } from '@/lib/queries/site-admin-content-item';
import { useSaveCookieDisclaimer } from '@/lib/queries/site-admin-save-cookie-disclaimer';
import { ConfirmDialog } from '@/shell/confirm-dialog/confirm-dialog';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { PageHeader } from '@/shell/page/page-header';
import { ErrorState } from '@/shell/states/states';
import { TableSkeleton } from '@/shell/states/table-skeleton';
import { asApiError, userMessage } from '../components/errors';
import { HtmlEditor } from '../components/html-editor';
import texts from '../components/texts.module.css';

const MAX_LENGTH = 20000;
const FIELD = 'disclaimer_text';

/** /settings/site/cookies: the cookie banner's text per site language, as HTML, with a live preview. */
export default function CookieDisclaimerPage() {
  const { t } = useT();
  // The banner is shown in the reader's language; this page edits the default language's text
  // and, in tabs beside it, the other languages'.
  const disclaimer = useContentItem('cookie_disclaimer', 'cookie_disclaimer');
  return (
    <div>
      <PageHeader
        title={t('Cookie disclaimer')}
        lead={t('The text of the cookie banner, shown to every visitor until they accept it.')}
      />
      {disclaimer.isPending ? (
        <TableSkeleton rows={6} />
      ) : disclaimer.isError ? (
        <ErrorState
          message={t('The cookie disclaimer could not be loaded.')}
          onRetry={() => void disclaimer.refetch()}
        />
      ) : (
        <DisclaimerEditor
          stored={disclaimer.data.fields[FIELD] ?? ''}
          translations={disclaimer.data.translations}
        />
      )}
    </div>
  );
}

/** The texts per language with each one trimmed, to tell a real change from spaces. */
const trimmed = (value: ContentTranslations) =>
  JSON.stringify(
    Object.fromEntries(
      Object.entries(value).map(([langcode, fields]) => [langcode, (fields[FIELD] ?? '').trim()]),
    ),
  );

function DisclaimerEditor({
  stored,
  translations,
}: {
  stored: string;
  translations: ContentTranslations;
}) {
  const { t } = useT();
  const { notify } = useNotify();
  const save = useSaveCookieDisclaimer();
  const languages = useFormTranslations(translations);
  const [draft, setDraft] = useState(stored);
  const [active, setActive] = useState<string | undefined>(undefined);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const ids = { notice: useId(), tabs: useId() };
  const editing = languages.translations;
  const all = editing ? [editing.defaultLanguage, ...editing.languages] : [];
  const current =
    editing && all.length > 1
      ? (all.find((l) => l.langcode === active) ?? editing.defaultLanguage)
      : undefined;
  const onDefault = !current || current.langcode === editing?.defaultLanguage.langcode;
  const textOf = (langcode: string) => languages.value[langcode]?.[FIELD] ?? '';
  const textsChanged = trimmed(languages.value) !== trimmed(translations);

  const store = async () => {
    setConfirming(false);
    setFieldError(null);
    try {
      const saved = await save.mutateAsync(
        textsChanged ? { text: draft, translations: languages.value } : { text: draft },
      );
      setDraft(saved.disclaimer_text);
      notify('success', t('The cookie disclaimer has been saved.'));
      if (saved.disclaimer_text !== draft.trim())
        notify('info', t('Markup that is not allowed was removed from the text.'));
    } catch (e) {
      const failure = asApiError(e);
      const message = failure.messages.find(
        (m) => m.path === FIELD || m.path.startsWith('translations'),
      )?.text;
      if (failure.status === 400 && message) setFieldError(message);
      else notify('error', userMessage(failure) ?? t('Something went wrong, please try again.'));
    }
  };

  // A changed text makes everyone accept again, so that is asked first.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (draft.trim() === stored.trim() && !textsChanged) {
      notify('info', t('Nothing has changed.'));
      return;
    }
    setConfirming(true);
  };

  const tabId = (langcode: string) => `${ids.tabs}-tab-${langcode}`;
  const panelId = `${ids.tabs}-panel`;
  const label = t('Banner text (HTML)');

  return (
    <HtmlEditor
      onSubmit={submit}
      before={
        editing && current ? (
          <LanguageTabs
            label={t('Languages of @field', { field: label })}
            languages={all}
            active={current.langcode}
            onSelect={setActive}
            tabId={tabId}
            panelId={panelId}
            missing={(langcode) =>
              langcode !== editing.defaultLanguage.langcode && textOf(langcode).trim() === ''
            }
          />
        ) : null
      }
      fieldBox={
        current
          ? { role: 'tabpanel', id: panelId, 'aria-labelledby': tabId(current.langcode) }
          : undefined
      }
      label={onDefault ? label : `${label} (${t(current.name)})`}
      value={onDefault ? draft : textOf(current.langcode)}
      onChange={(value) => {
        if (onDefault) setDraft(value);
        else
          editing?.onChange({
            ...languages.value,
            [current.langcode]: { ...languages.value[current.langcode], [FIELD]: value },
          });
      }}
      maxLength={MAX_LENGTH}
      rows={12}
      error={fieldError}
      describedBy={ids.notice}
      after={
        <p id={ids.notice} className={texts.notice}>
          {t(
            'Saving a changed text shows the banner again to everyone, also to those who accepted the old text.',
          )}
        </p>
      }
      submitLabel={t('Save disclaimer')}
      pending={save.isPending}
      emptyText={t('The banner has no text yet.')}
      {...(current && !onDefault
        ? { lang: current.langcode === 'origin' ? 'en' : current.langcode, dir: current.dir }
        : {})}
    >
      <ConfirmDialog
        open={confirming}
        title={t('Show the banner to everyone again?')}
        confirmLabel={t('Save and show again')}
        onConfirm={() => void store()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          {t(
            'The text has changed, so everyone who accepted the old one will see the banner again and need to accept the new text.',
          )}
        </p>
      </ConfirmDialog>
    </HtmlEditor>
  );
}
