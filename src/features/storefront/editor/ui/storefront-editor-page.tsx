import { useT } from '@engine/react';
import { useSearchParams } from 'react-router';
import { useLanguages } from '@/lib/queries/languages';
import { useStorefrontManage } from '@/lib/queries/storefront-manage';
import { ErrorState } from '@/shell/states/states';
import { StorefrontEditor, type StorefrontAudience } from './storefront-editor';
import styles from './storefront-editor.module.css';

export interface StorefrontEditorPageProps {
  audience: StorefrontAudience;
}

/** The default storefront language (SPEC point 9). */
const DEFAULT_LANGUAGE = 'en';

/**
 * /settings/storefront/registered and /unregistered: loads the layout of the language in
 * `?language=` (default en) and the site's languages, then hands them to the editor. Switching
 * language starts a fresh editor on that language's layout; the clipboard stays.
 */
export function StorefrontEditorPage({ audience }: StorefrontEditorPageProps) {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const language = params.get('language') || DEFAULT_LANGUAGE;
  const layout = useStorefrontManage(audience, language);
  const languages = useLanguages();

  if (layout.isError || languages.isError)
    return (
      <ErrorState
        message={t('The storefront could not be loaded.')}
        onRetry={() => {
          if (layout.isError) void layout.refetch();
          if (languages.isError) void languages.refetch();
        }}
      />
    );
  if (!layout.data || !languages.data)
    return (
      <div role="status" className={styles.loading}>
        {t('Loading the storefront')}
      </div>
    );

  return (
    <StorefrontEditor
      // Not keyed by the id: a draft's first save gives it one, and the editor carries on.
      key={`${audience}:${layout.data.language}`}
      audience={audience}
      layout={layout.data}
      languages={languages.data}
      onLanguageChange={(langcode) =>
        setParams(langcode === DEFAULT_LANGUAGE ? {} : { language: langcode })
      }
    />
  );
}
