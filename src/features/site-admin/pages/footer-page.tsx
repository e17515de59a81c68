import { localize, type ApiRequestError, type ContentTranslations } from '@engine/core';
import { useT } from '@engine/react';
import { SchemaForm } from '@engine/react/schema-form';
import { footerSettingsSchema, type FooterSettings } from '@schemas/entities/settings.schema';
import { footerFormSchema, footerUiSchema, type FooterForm } from '@schemas/forms/footer.schema';
import { useState } from 'react';
import { useFormTranslations } from '@/lib/form-translations';
import { useFooterSettings } from '@/lib/queries/footer-settings';
import { useContentItem } from '@/lib/queries/site-admin-content-item';
import { useSaveFooter } from '@/lib/queries/site-admin-save-footer';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { PageHeader } from '@/shell/page/page-header';
import { ErrorState } from '@/shell/states/states';
import { asApiError, userMessage } from '../components/errors';
import { changedFooter } from '../components/footer-form';
import styles from '../components/site-admin.module.css';
import { TableSkeleton } from '@/shell/states/table-skeleton';
import own from './footer-page.module.css';

/** /settings/site/footer: the links, text, copyright and version at the foot of every page. */
export default function FooterPage() {
  const { t } = useT();
  const footer = useFooterSettings();
  // The footer under the page is in the reader's language; the form edits the default language's
  // texts beside the other languages'.
  const texts = useContentItem('footer', 'footer');
  return (
    <div>
      <PageHeader
        title={t('Footer')}
        lead={t(
          'The links and texts at the foot of every page. Changes show as soon as they are saved.',
        )}
      />
      {footer.isPending || texts.isPending ? (
        <TableSkeleton rows={8} />
      ) : footer.isError || texts.isError ? (
        <ErrorState
          message={t('The footer settings could not be loaded.')}
          onRetry={() => void Promise.all([footer.refetch(), texts.refetch()])}
        />
      ) : (
        <FooterEditor
          stored={localize(footerSettingsSchema, footer.data, texts.data.fields)}
          translations={texts.data.translations}
        />
      )}
    </div>
  );
}

function FooterEditor({
  stored,
  translations,
}: {
  stored: FooterSettings;
  translations: ContentTranslations;
}) {
  const { t } = useT();
  const { notify } = useNotify();
  const save = useSaveFooter();
  const languages = useFormTranslations(translations);
  const [initial] = useState<FooterForm>(() => stored);
  const [error, setError] = useState<ApiRequestError | null>(null);

  // Only what changed is sent: a concurrent change of another field by someone else survives.
  const submit = async (data: FooterForm) => {
    setError(null);
    const patch = changedFooter(stored, data);
    const textsChanged = JSON.stringify(languages.value) !== JSON.stringify(translations);
    if (Object.keys(patch).length === 0 && !textsChanged) {
      notify('info', t('Nothing has changed.'));
      return;
    }
    try {
      await save.mutateAsync(textsChanged ? { ...patch, translations: languages.value } : patch);
      notify('success', t('The footer has been saved.'));
    } catch (e) {
      const failure = asApiError(e);
      if (failure.status === 400) setError(failure);
      else notify('error', userMessage(failure) ?? t('Something went wrong, please try again.'));
    }
  };

  return (
    <div className={`${styles.panel} ${own.form}`}>
      <SchemaForm<FooterForm>
        schema={footerFormSchema}
        uiSchema={footerUiSchema}
        formData={initial}
        onSubmit={submit}
        serverErrors={error}
        translations={languages.translations}
        submitLabel="Save footer"
      />
    </div>
  );
}
