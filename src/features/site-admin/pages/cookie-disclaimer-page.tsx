import { useT } from '@engine/react';
import { useId, useMemo, useState, type FormEvent, type MouseEvent } from 'react';
import { useContentItem } from '@/lib/queries/site-admin-content-item';
import { useSaveCookieDisclaimer } from '@/lib/queries/site-admin-save-cookie-disclaimer';
import { ConfirmDialog } from '@/shell/confirm-dialog/confirm-dialog';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { PageHeader } from '@/shell/page/page-header';
import { ErrorState } from '@/shell/states/states';
import { ADMIN_HTML_POLICY } from '@engine/core';
import { sanitizeAdminHtml } from '@/lib/admin-html';
import { asApiError, userMessage } from '../components/errors';
import { TableSkeleton } from '@/shell/states/table-skeleton';
import texts from '../components/texts.module.css';
import own from './cookie-disclaimer-page.module.css';

const MAX_LENGTH = 20000;

/** /settings/site/cookies: the cookie banner's text, as HTML, with a live preview. */
export default function CookieDisclaimerPage() {
  const { t } = useT();
  // The banner is shown in the reader's language; this page edits the default language's text
  // (the other languages' are filled in under Translations).
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
        <DisclaimerEditor stored={disclaimer.data.fields.disclaimer_text ?? ''} />
      )}
    </div>
  );
}

function DisclaimerEditor({ stored }: { stored: string }) {
  const { t } = useT();
  const { notify } = useNotify();
  const save = useSaveCookieDisclaimer();
  const [draft, setDraft] = useState(stored);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const ids = { field: useId(), help: useId(), notice: useId(), error: useId(), preview: useId() };
  const preview = useMemo(() => sanitizeAdminHtml(draft), [draft]);

  const store = async () => {
    setConfirming(false);
    setFieldError(null);
    try {
      const saved = await save.mutateAsync(draft);
      setDraft(saved.disclaimer_text);
      notify('success', t('The cookie disclaimer has been saved.'));
      if (saved.disclaimer_text !== draft.trim())
        notify('info', t('Markup that is not allowed was removed from the text.'));
    } catch (e) {
      const failure = asApiError(e);
      const message = failure.messages.find((m) => m.path === 'disclaimer_text')?.text;
      if (failure.status === 400 && message) setFieldError(message);
      else notify('error', userMessage(failure) ?? t('Something went wrong, please try again.'));
    }
  };

  // A changed text makes everyone accept again, so that is asked first.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (draft.trim() === stored.trim()) {
      notify('info', t('Nothing has changed.'));
      return;
    }
    setConfirming(true);
  };

  // The preview is for reading: following one of its links would leave the unsaved text behind.
  const keepHere = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) event.preventDefault();
  };

  return (
    <div className={own.layout}>
      <form className={own.editor} onSubmit={submit} noValidate>
        <div className={texts.field}>
          <label htmlFor={ids.field}>{t('Banner text (HTML)')}</label>
          <textarea
            id={ids.field}
            className={own.code}
            dir="ltr"
            spellCheck={false}
            maxLength={MAX_LENGTH}
            rows={12}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={`${fieldError ? `${ids.error} ` : ''}${ids.help} ${ids.notice}`}
          />
          {fieldError ? (
            <p id={ids.error} className={texts.fieldError}>
              {fieldError}
            </p>
          ) : null}
          <p id={ids.help} className={texts.help}>
            {t('Allowed tags: @tags. Links may use http, https and mailto addresses.', {
              tags: ADMIN_HTML_POLICY.tags.map((tag) => `<${tag}>`).join(' '),
            })}{' '}
            {t(
              'Anything else, such as scripts, styles and event attributes, is removed on saving.',
            )}
          </p>
        </div>
        <p id={ids.notice} className={texts.notice}>
          {t(
            'Saving a changed text shows the banner again to everyone, also to those who accepted the old text.',
          )}
        </p>
        <div className={texts.actions}>
          <button
            type="submit"
            className={texts.primary}
            disabled={save.isPending}
            aria-busy={save.isPending}
          >
            {t('Save disclaimer')}
          </button>
        </div>
      </form>

      <section className={own.preview} aria-labelledby={ids.preview}>
        <h2 id={ids.preview} className={texts.sectionTitle}>
          {t('Preview')}
        </h2>
        {preview.trim() ? (
          <div
            className={own.banner}
            onClick={keepHere}
            // Sanitized above, with the tags and attributes the server keeps.
            dangerouslySetInnerHTML={{ __html: preview }}
          />
        ) : (
          <p className={own.empty}>{t('The banner has no text yet.')}</p>
        )}
        <p className={texts.help}>{t('Links in the preview do not open.')}</p>
      </section>

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
    </div>
  );
}
