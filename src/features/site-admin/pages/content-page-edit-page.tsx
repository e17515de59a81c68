import { LanguageTabs, usePageTitle, useT } from '@engine/react';
import type { ContentPageAdmin } from '@schemas/entities/content-page.schema';
import type { Language } from '@schemas/entities/language.schema';
import { useId, useState, type FormEvent } from 'react';
import { Navigate, useParams } from 'react-router';
import { useLanguages } from '@/lib/queries/languages';
import { useSiteAdminContentPage } from '@/lib/queries/site-admin-content-page';
import { useSaveContentPage } from '@/lib/queries/site-admin-save-content-page';
import { BackLink } from '@/shell/back-link/back-link';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { PageHeader } from '@/shell/page/page-header';
import { ErrorState } from '@/shell/states/states';
import { TableSkeleton } from '@/shell/states/table-skeleton';
import { asApiError, userMessage } from '../components/errors';
import { HtmlEditor } from '../components/html-editor';
import texts from '../components/texts.module.css';

const MAX_TITLE = 200;
const MAX_BODY = 100000;

/** /settings/site/pages/{key}: a content page's title and text, one language at a time. */
export default function ContentPageEditPage() {
  const { t } = useT();
  const key = useParams().key ?? '';
  const page = useSiteAdminContentPage(key);
  const languages = useLanguages();
  usePageTitle(page.data ? t(page.data.name) : undefined);
  if (page.isError && asApiError(page.error).status === 404)
    return <Navigate to="/not-found" replace />;
  return (
    <div>
      <BackLink title={t('Back to the content pages')} url="/settings/site/pages" />
      <PageHeader
        title={page.data ? t(page.data.name) : t('Content page')}
        lead={t('Write the page in each language of the site. Scripts and styles are removed.')}
      />
      {page.isPending || languages.isPending ? (
        <TableSkeleton rows={8} />
      ) : page.isError || languages.isError ? (
        <ErrorState
          message={t('The page could not be loaded.')}
          onRetry={() => void Promise.all([page.refetch(), languages.refetch()])}
        />
      ) : (
        <PageEditor page={page.data} languages={languages.data} />
      )}
    </div>
  );
}

function PageEditor({ page, languages }: { page: ContentPageAdmin; languages: Language[] }) {
  const { t } = useT();
  const [langcode, setLangcode] = useState(languages[0]?.langcode ?? 'en');
  const ids = { tabs: useId() };
  const version = page.versions.find((v) => v.langcode === langcode);
  const language = languages.find((l) => l.langcode === langcode);
  const tabs = languages.map((l) => ({
    langcode: l.langcode,
    name: l.name,
    ...(l.native_name ? { nativeName: l.native_name } : {}),
    dir: l.direction ? ('rtl' as const) : ('ltr' as const),
  }));
  const tabId = (code: string) => `${ids.tabs}-tab-${code}`;
  const panelId = `${ids.tabs}-panel`;
  return (
    <div className={texts.stack}>
      <LanguageTabs
        label={t('Languages of @field', { field: t(page.name) })}
        languages={tabs}
        active={langcode}
        onSelect={setLangcode}
        tabId={tabId}
        panelId={panelId}
        missing={(code) => !page.versions.some((v) => v.langcode === code)}
      />
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(langcode)}>
        <VersionEditor
          // A new language starts a new form.
          key={langcode}
          pageKey={page.key}
          langcode={langcode}
          dir={language?.direction ? 'rtl' : 'ltr'}
          stored={version ?? { title: '', body: '' }}
        />
      </div>
    </div>
  );
}

function VersionEditor(p: {
  pageKey: string;
  langcode: string;
  dir: 'ltr' | 'rtl';
  stored: { title: string; body: string };
}) {
  const { t } = useT();
  const { notify } = useNotify();
  const save = useSaveContentPage(p.pageKey);
  const [title, setTitle] = useState(p.stored.title);
  const [body, setBody] = useState(p.stored.body);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ids = { title: useId(), titleError: useId() };
  const lang = p.langcode === 'origin' ? 'en' : p.langcode;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!title.trim()) {
      setErrors({ title: t('Required') });
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ langcode: p.langcode, title, body });
      setTitle(saved.title);
      setBody(saved.body);
      notify('success', t('The page has been saved.'));
      if (saved.body !== body.trim())
        notify('info', t('Markup that is not allowed was removed from the text.'));
    } catch (e) {
      const failure = asApiError(e);
      const fields = Object.fromEntries(failure.messages.map((m) => [m.path, m.text]));
      if (failure.status === 400 && (fields.title || fields.body)) setErrors(fields);
      else notify('error', userMessage(failure) ?? t('Something went wrong, please try again.'));
    }
  };

  return (
    <HtmlEditor
      onSubmit={(event) => void submit(event)}
      before={
        <div className={texts.field}>
          <label htmlFor={ids.title}>{t('Title')}</label>
          <input
            id={ids.title}
            lang={lang}
            dir={p.dir}
            maxLength={MAX_TITLE}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? ids.titleError : undefined}
            required
          />
          {errors.title ? (
            <p id={ids.titleError} className={texts.fieldError}>
              {errors.title}
            </p>
          ) : null}
        </div>
      }
      label={t('Text (HTML)')}
      value={body}
      onChange={setBody}
      maxLength={MAX_BODY}
      rows={16}
      error={errors.body}
      submitLabel={t('Save page')}
      pending={save.isPending}
      previewHeading={title.trim() ? <h3>{title}</h3> : null}
      emptyText={t('This page has no text yet.')}
      lang={lang}
      dir={p.dir}
    />
  );
}
