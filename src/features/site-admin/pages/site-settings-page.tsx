import type { ApiRequestError, ContentTranslations } from '@engine/core';
import { useT } from '@engine/react';
import { SchemaForm } from '@engine/react/schema-form';
import type { SiteSettings } from '@schemas/entities/settings.schema';
import {
  siteSettingsUiSchema,
  siteSettingsFormSchema,
  type SiteSettingsForm,
} from '@schemas/forms/site-settings.schema';
import { useMemo, useState } from 'react';
import { useFormTranslations } from '@/lib/form-translations';
import { useContentItem } from '@/lib/queries/site-admin-content-item';
import { useSaveSiteSettings, useSiteSettings } from '@/lib/queries/site-admin-settings';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { PageHeader } from '@/shell/page/page-header';
import { ErrorState } from '@/shell/states/states';
import { asApiError, userMessage } from '../components/errors';
import styles from '../components/site-admin.module.css';
import {
  changedSiteSettings,
  flatTexts,
  groupedErrors,
  groupedTexts,
  siteSettingsFormData,
} from '../components/site-settings-form';
import { TableSkeleton } from '@/shell/states/table-skeleton';
import own from './site-settings-page.module.css';

/** /settings/site/settings: names, sign-in links, feature switches and the look of the site. */
export default function SiteSettingsPage() {
  const { t } = useT();
  const settings = useSiteSettings();
  // The site's name and logo description in the other languages, in tabs beside the default's.
  const texts = useContentItem('site', 'site');
  return (
    <div>
      <PageHeader
        title={t('Site settings')}
        lead={t('What every visitor and learner sees, and which parts of the portal are on.')}
      />
      {settings.isPending || texts.isPending ? (
        <TableSkeleton rows={8} />
      ) : settings.isError || texts.isError ? (
        <ErrorState
          message={t('The site settings could not be loaded.')}
          onRetry={() => void Promise.all([settings.refetch(), texts.refetch()])}
        />
      ) : (
        <SiteSettingsEditor stored={settings.data} translations={texts.data.translations} />
      )}
    </div>
  );
}

function SiteSettingsEditor({
  stored,
  translations,
}: {
  stored: SiteSettings;
  translations: ContentTranslations;
}) {
  const { t } = useT();
  const { notify } = useNotify();
  const save = useSaveSiteSettings();
  const [storedTexts] = useState(() => groupedTexts(translations));
  const languages = useFormTranslations(storedTexts);
  const [initial] = useState(() => siteSettingsFormData(stored));
  const [draft, setDraft] = useState<SiteSettingsForm>(initial);
  const [error, setError] = useState<ApiRequestError | null>(null);
  const serverErrors = useMemo(() => groupedErrors(error), [error]);

  // Only what changed is sent: a concurrent change of another field by someone else survives.
  const submit = async (data: SiteSettingsForm) => {
    setError(null);
    const patch = changedSiteSettings(stored, data);
    const textsChanged = JSON.stringify(languages.value) !== JSON.stringify(storedTexts);
    if (Object.keys(patch).length === 0 && !textsChanged) {
      notify('info', t('Nothing has changed.'));
      return;
    }
    try {
      await save.mutateAsync(
        textsChanged ? { ...patch, translations: flatTexts(languages.value) } : patch,
      );
      notify('success', t('The site settings have been saved.'));
    } catch (e) {
      const failure = asApiError(e);
      if (failure.status === 400) setError(failure);
      else notify('error', userMessage(failure) ?? t('Something went wrong, please try again.'));
    }
  };

  return (
    <div className={own.layout}>
      <div className={`${styles.panel} ${own.form}`}>
        <SchemaForm<SiteSettingsForm>
          schema={siteSettingsFormSchema}
          uiSchema={siteSettingsUiSchema}
          formData={initial}
          onSubmit={submit}
          onChange={setDraft}
          serverErrors={serverErrors}
          translations={languages.translations}
          submitLabel="Save settings"
        />
      </div>
      <HeaderPreview data={draft} />
    </div>
  );
}

/** How the header's brand will look with the settings being edited. */
function HeaderPreview({ data }: { data: SiteSettingsForm }) {
  const { t } = useT();
  const siteName = data.names?.site_name?.trim() ?? '';
  const organization = data.names?.organization_name?.trim() ?? '';
  const logo = data.look?.logo?.trim() ?? '';
  const background = data.look?.site_background?.trim() ?? '';
  return (
    <section className={`${styles.panel} ${own.preview}`} aria-labelledby="site-preview-heading">
      <h2 id="site-preview-heading" className={own.previewTitle}>
        {t('Preview')}
      </h2>
      <div className={own.stage}>
        {background ? <img className={own.background} src={background} alt="" /> : null}
        <div className={own.bar}>
          {logo ? (
            <img
              className={own.logo}
              src={logo}
              alt={data.look?.logo_alt?.trim() || siteName || t('Logo')}
            />
          ) : (
            <span className={own.siteName}>{siteName || t('Site name')}</span>
          )}
        </div>
      </div>
      {organization ? <p className={own.organization}>{organization}</p> : null}
      <ul className={own.switches} aria-label={t('Features')}>
        {(
          [
            ['catalog_enabled', 'Public catalogue'],
            ['storefront_page_enabled', 'Public storefront page'],
            ['breadcrumbs_enabled', 'Breadcrumbs'],
            ['incentives_shop_enabled', 'Reward shop'],
            ['incentives_leaderboard', 'Leaderboard'],
          ] as const
        ).map(([key, label]) => {
          const on = data.features?.[key] === true;
          return (
            <li key={key}>
              <span>{t(label)}</span>
              <span className={on ? styles.badgeOn : styles.badgeOff}>
                {on ? t('On') : t('Off')}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
